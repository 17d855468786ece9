import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type AnyColumn } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { readMigrationFiles } from 'drizzle-orm/migrator';
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
  /** PostgreSQL behind PgBouncer in transaction mode: statements are not prepared by name (a name lives on one server connection) nor pipelined */
  pgbouncer?: boolean;
  /** where a transaction pooler found at start without `pgbouncer` is reported */
  log?: { warn(fields: object, msg: string): void };
}

const POOLED_CLIENT = 'statements are neither prepared by name nor pipelined';
/** The warning of a start that found a transaction pooler in front of PostgreSQL with DATABASE_PGBOUNCER unset. */
export const POOLER_DETECTED = `DATABASE_PGBOUNCER is not set but a transaction pooler answers at the database URL: ${POOLED_CLIENT}`;

/**
 * A transaction that PostgreSQL did not commit although every statement of it had answered (see
 * commitChecked). SQLSTATE class 40, transaction rollback: the request may be tried again (503).
 */
export class NotCommittedError extends Error {
  readonly code = '40000';
  constructor() {
    super('the transaction was rolled back by PostgreSQL: a statement inside it had failed');
  }
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
  const database = opts.url ? await openPostgres(opts.url, opts.poolSize ?? 10, opts) : await openPglite({ dataDir, durability });
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

async function openPostgres(url: string, max: number, opts: Pick<OpenOptions, 'pgbouncer' | 'log'>): Promise<Database> {
  // PgBouncer in transaction mode hands each transaction any server connection, where a statement
  // prepared by name on another is unknown. postgres.js honours a URL's `?prepare=false` too.
  const unpreparedByUrl = /[?&]prepare=false(&|$)/.test(url);
  let pooled = opts.pgbouncer ?? false;
  if (!pooled) {
    const found = await transactionPooled(url).catch((error: Error) => error);
    if (found instanceof Error) opts.log?.warn({ err: found }, `could not tell whether a transaction pooler answers at the database URL: ${POOLED_CLIENT}`);
    else if (found) opts.log?.warn({ hint: 'set DATABASE_PGBOUNCER=true' }, POOLER_DETECTED);
    pooled = found !== false;
  }
  // fetch_types off: postgres.js would run its array-type query on every new connection from a
  // handler that nobody awaits, so a PostgreSQL crash or refusal during that query was an unhandled
  // rejection that ended the process (db-faults.test.ts, about one run in three). drizzle reads and
  // writes array columns in their text form itself, so nothing needs those types.
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: 5,
    idle_timeout: 30,
    // max_pipeline 0: with every connection busy, postgres.js sends the next statement down one of
    // them before the last is answered. PgBouncer before 1.21 hands the server back to its pool at
    // the first statement's ReadyForQuery and closes it when the second's answer comes ("idle
    // server got dirty"): the second is never answered and its request hangs (CI, pgbouncer#759).
    // patches/postgres+3.4.9.patch lets a transaction's BEGIN reserve its connection with it.
    ...(pooled ? { prepare: false, max_pipeline: 0 } : {}),
    fetch_types: false,
    backoff: reconnectDelaySec,
  });
  if (!pooled && !unpreparedByUrl) commitChecked(client);
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

/**
 * Whether the server connection behind one client connection changes between transactions (a
 * transaction pooler: PgBouncer in transaction mode), found with two client connections. The first
 * reads its backend's pid and goes idle; the second opens a transaction. On a direct connection
 * (or a session pooler) each has its own backend: the transaction's pid differs, and the first
 * reads its pid again unhindered. Through a transaction pooler the transaction gets the idle server
 * the first just left (PgBouncer reuses the last one first), so the first reads another pid, or
 * waits for the transaction's end when that was the pool's only server. Unless another client took
 * that server meanwhile (two processes starting at once through a small pool did, in CI): the
 * transaction then gets another, the first its own back, and the pair looks direct, so the probe
 * runs up to PROBES times and one pooled answer settles it. A probe that fails is taken as
 * "pooled" by the caller: statements unprepared cost some speed, named ones through a pooler lose
 * commits.
 */
async function transactionPooled(url: string): Promise<boolean> {
  const options = { max: 1, prepare: false, max_pipeline: 0, fetch_types: false, onnotice: () => {}, connect_timeout: 5 } as const;
  const idle = postgres(url, options);
  const busy = postgres(url, options);
  const pid = async (client: postgres.Sql | postgres.TransactionSql) => (await client`select pg_backend_pid() as pid`)[0]!.pid as number;
  const probe = async () => {
    const before = await pid(idle);
    const entered = Promise.withResolvers<number>();
    const leave = Promise.withResolvers<void>();
    const transaction = busy.begin(async (tx) => {
      entered.resolve(await pid(tx));
      await leave.promise;
    });
    transaction.catch(entered.reject);
    const inside = await entered.promise;
    const after = await Promise.race([pid(idle), Bun.sleep(2000).then(() => undefined)]);
    leave.resolve();
    await transaction;
    return inside === before || after !== before;
  };
  try {
    for (let attempt = 0; attempt < PROBES; attempt++) if (await probe()) return true;
    return false;
  } finally {
    await Promise.all([idle.end({ timeout: 1 }), busy.end({ timeout: 1 })]);
  }
}

/** how many times transactionPooled() probes a connection that looks direct (a few ms each) */
const PROBES = 5;

/**
 * With named statements, a transaction reads its id before postgres.js's COMMIT and that id's
 * status after it. postgres.js prepares its COMMIT by name too, and re-sends a named statement
 * once after "prepared statement does not exist" (or "cached plan must not change result type"):
 * when the server connection had lost the name (a transaction pooler in front, DEALLOCATE ALL),
 * the first try aborted the transaction, PostgreSQL answered the re-sent COMMIT with ROLLBACK and
 * no error, and postgres.js resolved: a 201 for a link that was never stored. Now that throws
 * NotCommittedError (503). Unnamed statements are never re-sent, and postgres.js fails a
 * transaction in which any statement failed (caught or not), so they need no check.
 */
function commitChecked(client: postgres.Sql) {
  type Body = (tx: postgres.TransactionSql) => unknown;
  const begin = client.begin.bind(client) as (options: string, fn: Body) => Promise<unknown>;
  const checked = async (options: string | Body, fn?: Body) => {
    const body = typeof options === 'function' ? options : fn!;
    let xid: string | null = null;
    const result = await begin(typeof options === 'function' ? '' : options, async (tx) => {
      const result = await body(tx);
      // simple protocol: never a named statement, so never re-sent; null when the transaction wrote nothing
      [{ xid }] = (await tx.unsafe('select pg_current_xact_id_if_assigned()::text as xid')) as unknown as [{ xid: string | null }];
      return result;
    });
    if (xid !== null) {
      // only PostgreSQL's word that it rolled back fails the transaction: the COMMIT answered
      // without error, so when the status cannot be read (the database went down just after),
      // the transaction is taken as committed, as it was before this check (db-faults.test.ts:
      // links committed just before a crash answered 503 and were stored)
      const answer = await client.unsafe('select pg_xact_status($1::xid8) as status', [xid], { prepare: false }).catch(() => undefined);
      if ((answer as unknown as [{ status: string }] | undefined)?.[0]?.status === 'aborted') throw new NotCommittedError();
    }
    return result;
  };
  client.begin = checked as postgres.Sql['begin'];
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

/** The advisory lock the PostgreSQL migrators of all processes take (an arbitrary constant of ours). */
const MIGRATION_LOCK = 4_815_162_342;

/**
 * PostgreSQL: all of drizzle's migrator (its bookkeeping table's creation, the read of the last
 * migration applied, the migrations) runs in one transaction holding a transaction-level advisory
 * lock. An API and a worker started together on an empty database migrated at once, and one of
 * them crashed on a duplicate key (23505) creating the same table. The lock is a transaction's, not
 * a session's: through PgBouncer in transaction mode a session lock would stay on whichever server
 * connection took it (unlocked from another, or never), while a transaction keeps one server
 * connection from its BEGIN to its COMMIT, which releases the lock. The second migrator waits,
 * then finds every migration applied. PostgreSQL's DDL is transactional, so a failed migration
 * leaves nothing half-done.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind !== 'postgres') return migratePglite(database.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    // drizzle's migrator opens a transaction of its own for the migrations: here it is this one
    const inner = tx as unknown as { dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> }; session: object };
    const session = Object.assign(Object.create(inner.session), { transaction: (fn: (t: Tx) => Promise<void>) => fn(tx) });
    await inner.dialect.migrate(migrations, session, { migrationsFolder: MIGRATIONS_FOLDER });
  });
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
