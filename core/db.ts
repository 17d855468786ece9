import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type AnyColumn } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { withAfterCommit } from './after-commit';
import type { EmbeddedDurability } from './config';
import { lockDataDir } from './data-dir-lock';
import { PgliteProxyClient, PgliteWorker } from './pglite-proxy';

/**
 * Both drivers expose the same drizzle pg-core query builder; the PGlite instance is typed
 * as the postgres-js one so services are written once.
 */
export type Db = PostgresJsDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: services that write accept either. */
export type DbOrTx = Db | Tx;

/** `text` (lowercase) inside `column`, ignoring case; no LIKE, so a search's % and _ are plain characters. */
export const containsText = (column: AnyColumn, text: string) => sql`strpos(lower(${column}), ${text}) > 0`;

/**
 * A query built once per database handle and then only executed with its placeholders' values.
 * Building a query (drizzle's SQL generation) is the largest JavaScript cost of an API request,
 * and a named statement is parsed and planned by PostgreSQL once per connection. Inside a
 * transaction (a new handle each time) the query is built for that transaction.
 */
export function preparedQuery<Q>(name: string, build: (db: DbOrTx, name: string) => Q): (db: DbOrTx) => Q {
  const byHandle = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = byHandle.get(db);
    if (query === undefined) byHandle.set(db, (query = build(db, name)));
    return query;
  };
}

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  ping(): Promise<void>;
  /** the connection pool as the driver shows it: its size, and (embedded) the statements sent and not answered yet */
  pool(): { max: number; inFlight?: number };
  close(): Promise<void>;
  /** embedded: an in-memory copy of this database, in the same worker thread (tests clone a migrated template) */
  clone?(): Promise<Database>;
  /** embedded: called if the database's worker thread is lost (never after close) */
  onLost?(listener: (error: Error) => void): void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

export interface OpenOptions {
  url?: string;
  /** embedded: the data directory (`DATA_DIR`); `memory` for a database that lives in memory only */
  dataDir?: string;
  /** embedded: EMBEDDED_DURABILITY (default `commit`) */
  durability?: EmbeddedDurability;
  memory?: boolean;
  migrate?: boolean;
  poolSize?: number;
  /** PostgreSQL behind PgBouncer in transaction mode: statements are not prepared by name (a name lives on one server connection) */
  pgbouncer?: boolean;
}

/**
 * Every transaction of `db` gets an after-commit queue (core/after-commit.ts): a cache invalidation
 * made inside it runs once it committed, before `db.transaction` returns.
 */
function withAfterCommitQueues(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => withAfterCommit(() => transaction(run, config))) as Db['transaction'];
  return db;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const dataDir = opts.url || opts.memory ? undefined : (opts.dataDir ?? './data');
  const durability = opts.durability;
  const database = opts.url ? openPostgres(opts.url, opts.poolSize ?? 10, opts.pgbouncer ?? false) : await openPglite({ dataDir, durability });
  if (opts.migrate === false) return database;
  const before = dataDir ? await appliedMigrations(database) : 0;
  await migrateDatabase(database);
  if (!dataDir || (await appliedMigrations(database)) === before) return database;
  // Migrating grows PGlite's WebAssembly memory, which never shrinks (a first start idled ~20 MB
  // above a restart): once the schema changed, the embedded database starts again on a fresh thread
  await database.close();
  return openPglite({ dataDir, durability });
}

/** How many migrations the database has recorded (0 before the first). */
async function appliedMigrations(database: Database): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from pg_catalog.pg_tables t where t.schemaname = 'drizzle' and t.tablename = '__drizzle_migrations'`,
    ),
  );
  if (!row?.n) return 0;
  const [count] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  return count?.n ?? 0;
}

function openPostgres(url: string, max: number, pgbouncer: boolean): Database {
  // fetch_types off: postgres.js would run its array-type query on every new connection from a
  // handler that nobody awaits, so a PostgreSQL crash or refusal during that query was an unhandled
  // rejection that ended the process (db-faults.test.ts, about one run in three). drizzle reads and
  // writes array columns in their text form itself, so nothing needs those types.
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: 5,
    idle_timeout: 30,
    // PgBouncer in transaction mode hands each transaction any server connection, where a statement
    // prepared by name on another is unknown. postgres.js honours a URL's `?prepare=false` too.
    ...(pgbouncer ? { prepare: false } : {}),
    fetch_types: false,
    backoff: reconnectDelaySec,
  });
  const db = withAfterCommitQueues(drizzlePostgres(client));
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await db.execute(sql`select 1`)),
    // postgres.js shows no count of busy or idle connections
    pool: () => ({ max }),
    close: () => client.end({ timeout: 5 }),
  };
}

let worker: PgliteWorker | undefined;

/** The process's embedded database thread, started with its first database (again after a crash) and ended with its last. */
function embeddedWorker(): PgliteWorker {
  if (!worker || worker.stoppedWith) worker = new PgliteWorker();
  return worker;
}

/**
 * The embedded default: PGlite in a worker thread (core/pglite-worker.ts), so that SQL never runs
 * on the thread that answers requests. A data directory is locked to this process (PGlite is
 * single-writer: a second process would write into the same files, or its writes would be lost).
 */
async function openPglite(source: { dataDir?: string; durability?: EmbeddedDurability; from?: PgliteProxyClient }): Promise<Database> {
  if (source.dataDir) mkdirSync(source.dataDir, { recursive: true });
  const unlock = source.dataDir ? lockDataDir(source.dataDir) : undefined;
  const thread = source.from?.worker ?? embeddedWorker();
  let client: PgliteProxyClient;
  try {
    client = new PgliteProxyClient(thread, await thread.open({ dataDir: source.dataDir, durability: source.durability, from: source.from?.db }));
  } catch (error) {
    unlock?.();
    throw error;
  }
  const db = withAfterCommitQueues(drizzlePglite(client as never) as unknown as Db);
  let closed = false;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    // one connection, in one thread: what waits for it is what the thread has not answered yet
    pool: () => ({ max: 1, inFlight: thread.inFlight }),
    clone: () => openPglite({ from: client }),
    onLost: (listener) => thread.onStopped((error) => closed || listener(error)),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await thread.close(client.db);
      } finally {
        unlock?.();
      }
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') await migratePostgres(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
  else await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * Seconds a connection waits before reconnecting after `n` failed connects in a row. postgres.js's
 * own grows to 20 s (3ⁿ/100): a query during an outage waited that long for its 503 (measured: a
 * link create 6–13 s). Capped at 250 ms, a request fails fast and the first after a restart gets in.
 */
const reconnectDelaySec = (n: number) => Math.min(0.025 * 2 ** n, 0.25);

let socketRaceGuarded = false;

/**
 * postgres.js 3.4.9 (porsager/postgres#1066, #1208) may write to a connection's socket from a
 * setImmediate after a server crash closed it mid-transaction; `socket.write` on null is thrown
 * outside any await and would end the process. The query was already rejected with
 * CONNECTION_CLOSED (the request answers 503), so that stray write is moot and is ignored.
 * Any other uncaught exception still ends the process, as it would without this handler.
 * Called by the process entry points (server, workers).
 */
export function surviveClosedSocketWrites(log: (error: Error) => void = () => {}) {
  if (socketRaceGuarded) return;
  socketRaceGuarded = true;
  process.on('uncaughtException', (error) => {
    if (isClosedSocketWrite(error)) return log(error);
    console.error(error);
    process.exit(1);
  });
}

export const isClosedSocketWrite = (error: unknown): boolean =>
  error instanceof TypeError && /socket\.write|reading 'write'/.test(error.message) && Boolean(error.stack?.includes('postgres/src/connection.js'));

/**
 * Seconds the replica `db` trails its primary: 0 when it has replayed all it received, else the age
 * of the last transaction it replayed. Undefined when `db` is no replica (a promoted one included).
 */
export async function replicaLagSeconds(db: Db): Promise<number | undefined> {
  const [row] = rowsOf<{ lag: number | null }>(
    await db.execute(
      sql`select case when not pg_is_in_recovery() then null when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0 else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag`,
    ),
  );
  return row?.lag ?? undefined;
}

/** Rows of `db.execute(sql…)`: postgres.js answers an array, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
