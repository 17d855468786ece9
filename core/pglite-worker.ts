/// <reference lib="webworker" />
import { existsSync, renameSync, rmSync } from 'node:fs';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { EmbeddedDurability } from './config';
import { CLUSTER_TEMPLATE, PGLITE_START_PARAMS } from './pglite-cluster';
import { DurableNodeFS, flushPath, flushTree, startParams } from './pglite-durable-fs';
import type { WorkerReply, WorkerRequest } from './pglite-proxy';

/**
 * The embedded database's own thread: every PGlite instance of the process lives here, so SQL
 * (click batches above all) never runs on the thread that answers HTTP requests. Requests arrive
 * over postMessage (core/pglite-proxy.ts); a transaction is pinned to PGlite's transaction lock
 * from `begin` to `end`, so queries of other callers wait for it as they would on one connection.
 */
declare const self: DedicatedWorkerGlobalScope;

/**
 * drizzle's PGlite driver hands these types over as PostgreSQL's text and maps them itself
 * (drizzle-orm/pglite/session.js passes the same parsers on every query it runs).
 */
const AS_TEXT = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, AS_TEXT]),
);

const databases = new Map<number, PGlite>();
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTx = 1;

/** A value that cannot cross the thread (structured clone) fails its request, not the thread. */
function reply(message: WorkerReply) {
  try {
    self.postMessage(message);
  } catch (error) {
    self.postMessage(failure(message.id, error));
  }
}

async function open({ dataDir, durability = 'commit', from }: { dataDir?: string; durability?: EmbeddedDurability; from?: number }): Promise<PGlite> {
  if (from !== undefined) return (await database(from).clone()) as PGlite;
  // a database in memory has no disk to flush to
  if (!dataDir) return PGlite.create({ startParams: PGLITE_START_PARAMS, loadDataDir: Bun.file(CLUSTER_TEMPLATE) });
  const pgdata = `${dataDir}/pgdata`;
  // PGlite's own initdb peaks above 1 GB (a second PostgreSQL instance in memory); a new data
  // directory is the ready-made empty cluster instead, unpacked beside it and then renamed
  if (!existsSync(`${pgdata}/PG_VERSION`)) {
    rmSync(`${pgdata}.new`, { recursive: true, force: true });
    await new Bun.Archive(await Bun.file(CLUSTER_TEMPLATE).bytes()).extract(`${pgdata}.new`);
    if (durability === 'commit') flushTree(`${pgdata}.new`);
    rmSync(pgdata, { recursive: true, force: true });
    renameSync(`${pgdata}.new`, pgdata);
    if (durability === 'commit') flushPath(dataDir);
  }
  return PGlite.create({ dataDir: pgdata, fs: new DurableNodeFS(pgdata), startParams: startParams(durability) });
}

function database(id: number): PGlite {
  const pg = databases.get(id);
  if (!pg) throw new Error(`embedded database ${id} is not open`);
  return pg;
}

function begin(id: number, db: number) {
  const txId = nextTx++;
  let opened = false;
  database(db)
    .transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          opened = true;
          transactions.set(txId, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
          reply({ id, ok: true, result: txId });
        }),
    )
    .then(
      () => settle(txId, undefined),
      (error) => (opened ? settle(txId, error === ROLLBACK ? undefined : error) : reply(failure(id, error))),
    );
}

const ROLLBACK = Symbol('rollback');
/** the `end` request of each transaction, answered once PGlite has committed or rolled back */
const ending = new Map<number, number>();

function settle(txId: number, error: unknown) {
  transactions.delete(txId);
  const id = ending.get(txId);
  ending.delete(txId);
  if (id !== undefined) reply(error === undefined ? { id, ok: true, result: null } : failure(id, error));
}

/** A PostgreSQL error crosses the thread boundary as its plain fields (code, constraint, detail…). */
function failure(id: number, error: unknown): WorkerReply {
  const fields: Record<string, unknown> & { message: string } = { name: 'Error', message: String(error) };
  if (error instanceof Error) {
    for (const [key, value] of Object.entries(error)) if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    Object.assign(fields, { name: error.name, message: error.message });
  }
  return { id, ok: false, error: fields };
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'open': {
      const pg = await open(request);
      databases.set(request.db, pg);
      return null;
    }
    case 'query': {
      const options = { rowMode: request.rowMode, parsers: DRIZZLE_PARSERS };
      const target = request.tx === undefined ? database(request.db) : transactions.get(request.tx)?.tx;
      if (!target) throw new Error('Transaction is closed');
      const { rows, affectedRows, fields } = await target.query(request.sql, request.params, options);
      return { rows, affectedRows, fields };
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('Transaction is closed');
      ending.set(request.tx, request.id);
      open.end(request.commit);
      return undefined;
    }
    case 'close': {
      const pg = databases.get(request.db);
      databases.delete(request.db);
      if (pg && !pg.closed) await pg.close();
      return null;
    }
  }
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.op === 'begin') {
    try {
      begin(request.id, request.db);
    } catch (error) {
      reply(failure(request.id, error));
    }
    return;
  }
  handle(request).then(
    // `end` is answered by its transaction once PGlite has finished it
    (result) => result !== undefined && reply({ id: request.id, ok: true, result }),
    (error) => reply(failure(request.id, error)),
  );
};
