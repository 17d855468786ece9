import type { EmbeddedDurability } from './config';

/**
 * The request thread's side of the embedded database: PGlite runs in a worker thread
 * (core/pglite-worker.ts) and this client forwards drizzle's queries to it. It has the shape
 * drizzle's PGlite driver calls (`query`, `transaction`), so drizzle, its migrator and every
 * service run unchanged; only the SQL's execution moves off the thread that answers HTTP.
 */
export type WorkerRequest =
  | { op: 'open'; id: number; db: number; dataDir?: string; durability?: EmbeddedDurability; from?: number }
  | { op: 'query'; id: number; db: number; tx?: number; sql: string; params: unknown[]; rowMode?: 'array' | 'object' }
  | { op: 'begin'; id: number; db: number }
  | { op: 'end'; id: number; db: number; tx: number; commit: boolean }
  | { op: 'close'; id: number; db: number };

export type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

interface Results {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/** A lost worker answers like a lost PostgreSQL connection: `isUnavailable`, so the API says 503. */
function workerGone(reason: string) {
  return Object.assign(new Error(`embedded database worker stopped: ${reason}`), { code: '08006' });
}

/** A PostgreSQL error from the worker, with its fields (`code`, `constraint`, `detail`…) as PGlite gave them. */
const databaseError = (fields: Record<string, unknown> & { message: string }) => Object.assign(new Error(fields.message), fields);

/**
 * One worker thread holding every embedded database of the process (the server's one, or a test
 * run's template and its clones). A crash or exit of the thread rejects every request in flight
 * and every later one: callers get an error, never a hang.
 */
export class PgliteWorker {
  /** Bun's Worker, which can be unref'd like a timer */
  private readonly worker: Worker & { ref(): void; unref(): void };
  private readonly pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private nextDb = 1;
  private databases = 0;
  private gone?: Error;
  private readonly onGone: ((error: Error) => void)[] = [];

  /** requests sent to the thread and not answered yet: the embedded database's queue */
  get inFlight(): number {
    return this.pending.size;
  }

  constructor() {
    this.worker = new Worker(new URL('./pglite-worker.ts', import.meta.url).href) as PgliteWorker['worker'];
    this.worker.onmessage = ({ data }: MessageEvent<WorkerReply>) => {
      const waiting = this.pending.get(data.id);
      if (!waiting) return;
      this.pending.delete(data.id);
      if (!this.pending.size) this.worker.unref();
      if (data.ok) waiting.resolve(data.result);
      else waiting.reject(databaseError(data.error));
    };
    this.worker.addEventListener('error', (event) => this.stopped(event.message || 'uncaught error'));
    this.worker.addEventListener('close', () => this.stopped('exited'));
    // an idle worker does not keep the process alive (tests, the CLI); one with requests in flight does
    this.worker.unref();
  }

  get stoppedWith(): Error | undefined {
    return this.gone;
  }

  /** called once when the thread is lost */
  onStopped(listener: (error: Error) => void) {
    this.onGone.push(listener);
  }

  request<T>(message: Request): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (!this.pending.size) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  async open(opts: { dataDir?: string; durability?: EmbeddedDurability; from?: number }): Promise<number> {
    const db = this.nextDb++;
    await this.request({ op: 'open', db, ...opts });
    this.databases++;
    return db;
  }

  /** close database `db`; the thread ends with the last one */
  async close(db: number) {
    try {
      if (!this.gone) await this.request({ op: 'close', db });
    } finally {
      if (--this.databases === 0) this.terminate();
    }
  }

  terminate() {
    this.worker.terminate();
    this.stopped('terminated');
  }

  private stopped(reason: string) {
    if (this.gone) return;
    this.gone = workerGone(reason);
    for (const { reject } of this.pending.values()) reject(this.gone);
    this.pending.clear();
    for (const listener of this.onGone) listener(this.gone);
  }
}

type QueryOptions = { rowMode?: 'array' | 'object' };

/** What drizzle's PGlite session calls, for the database `db` of `worker`, or inside transaction `tx`. */
export class PgliteProxyClient {
  constructor(
    readonly worker: PgliteWorker,
    readonly db: number,
    private readonly tx?: number,
  ) {}

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results> {
    return this.worker.request({ op: 'query', db: this.db, tx: this.tx, sql, params, rowMode: options.rowMode });
  }

  /**
   * The worker takes PGlite's transaction lock at `begin` and holds it until `end`: concurrent
   * transactions and plain queries of other callers wait, as on PGlite's single connection.
   */
  async transaction<T>(callback: (tx: PgliteProxyClient) => Promise<T>): Promise<T> {
    const tx = await this.worker.request<number>({ op: 'begin', db: this.db });
    let result: T;
    try {
      result = await callback(new PgliteProxyClient(this.worker, this.db, tx));
    } catch (error) {
      await this.worker.request({ op: 'end', db: this.db, tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.worker.request({ op: 'end', db: this.db, tx, commit: true });
    return result;
  }
}
