import { afterAll, beforeAll, expect, test } from 'bun:test';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, POOLER_DETECTED, rowsOf, type Database } from '../../core/db';
import { auditLog } from '../../modules/audit/schema';
import { links } from '../../modules/links/schema';
import { storedClicks } from '../helpers/clicks';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { runRequests } from '../helpers/load';
import { needs } from '../helpers/needs';
import { PGBOUNCER_BIN, startPgBouncer, type PgBouncer } from '../helpers/pgbouncer';
import { bootstrapOver, startApiProcess, startWorkerProcess, waitFor, type ApiProcess, type ChildProcess } from '../helpers/processes';
import { BROWSER_UA } from '../links/fixtures';

/**
 * PgBouncer in transaction mode (1.18: no prepared statements across server connections) in front
 * of PostgreSQL, with DATABASE_PGBOUNCER=true: two API processes and a worker (each with its own
 * pool of 10) share 3 server connections. Concurrent writes (plan-limit advisory locks, cache
 * invalidations), redirects, click storage and stats all work; nothing relies on session state.
 */
const enabled = needs(
  Boolean(TEST_DATABASE_URL && TEST_REDIS_URL && PGBOUNCER_BIN),
  'pgbouncer.test.ts',
  'TEST_DATABASE_URL, TEST_REDIS_URL and pgbouncer (Debian package pgbouncer)',
);

const POOL = 3;
let database: Database & { url?: string };
let bouncer: PgBouncer;
let apis: ApiProcess[];
let worker: ChildProcess;

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestDatabase();
  bouncer = await startPgBouncer(database.url!, POOL);
  const env = {
    databaseUrl: bouncer.through(database.url!),
    redisUrl: TEST_REDIS_URL!,
    redisPrefix: `pgbouncer-${Date.now()}`,
    DATABASE_PGBOUNCER: 'true',
  };
  apis = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  worker = await startWorkerProcess(env);
}, 90_000);

/** the database through PgBouncer without `?prepare=false` (CI's test URL has it): nothing tells the client a pooler is there */
function unpreparedNotAsked(): URL {
  const url = new URL(bouncer.through(database.url!));
  url.searchParams.delete('prepare');
  return url;
}

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([...(apis ?? []).map((api) => api.stop()), worker?.stop()]);
  await bouncer?.stop();
  await database?.close();
});

test.skipIf(!enabled)('two API processes and a worker through 3 pooled server connections: writes, redirects, clicks and stats all answer', async () => {
  const workspaces = await Promise.all([0, 1, 2, 3].map((i) => bootstrapOver(apis[i % 2]!, 'pro')));
  // 80 link creations, 16 at once, over both processes
  const created: { id: string; slug: string }[] = [];
  const statuses: Record<number, number> = {};
  await Promise.all(
    Array.from({ length: 16 }, async (_, lane) => {
      for (let i = 0; i < 5; i++) {
        const ws = workspaces[(lane + i) % 4]!;
        const res = await apis[lane % 2]!.api('POST', `/workspaces/${ws.workspaceId}/links`, {
          key: ws.key,
          body: { target: `https://example.com/${lane}/${i}` },
        });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 201) created.push(res.body);
      }
    }),
  );
  expect(statuses).toEqual({ 201: 80 });
  const result = await runRequests({
    count: 2000,
    concurrency: 32,
    request: (i) => apis[i % 2]!.visit(created[i % created.length]!.slug, { 'user-agent': BROWSER_UA }),
  });
  expect(result.statuses).toEqual({ 302: 2000 });
  const ids = created.map((link) => link.id);
  await waitFor(async () => (await storedClicks(database.db, ids)).rows >= 2000, 60_000, '2000 clicks stored');
  expect(await storedClicks(database.db, ids)).toEqual({ rows: 2000, counted: 2000 });
  const summaries = await Promise.all(workspaces.map((ws, i) => apis[i % 2]!.api('GET', `/workspaces/${ws.workspaceId}/stats/summary`, { key: ws.key })));
  expect(summaries.map((s) => s.status)).toEqual([200, 200, 200, 200]);
  expect(summaries.reduce((sum, s) => sum + s.body.total_clicks, 0)).toBe(2000);
  // every process opened its own pool of 10; PostgreSQL saw at most POOL connections for the database
  expect(bouncer.serverConnections()).toBeLessThanOrEqual(POOL);
});

/**
 * The easy misconfiguration: PgBouncer in transaction mode and DATABASE_PGBOUNCER unset. Named
 * prepared statements then reach server connections that never prepared them; postgres.js re-sends
 * such a statement once, and for the COMMIT of a transaction that re-send ran in the transaction the
 * failed first try had aborted: PostgreSQL answers a COMMIT there with ROLLBACK, no error, and the
 * request answered 201 for a link that was never stored. The API notices the pooler at start and
 * names no statement (logging a warning that names DATABASE_PGBOUNCER).
 */
test.skipIf(!enabled)(
  'DATABASE_PGBOUNCER=false behind a transaction pooler: every 201 is stored with its audit row, no key is refused',
  async () => {
    // misconfigured both ways: no DATABASE_PGBOUNCER, and no ?prepare=false
    const url = unpreparedNotAsked();
    const env = {
      databaseUrl: url.toString(),
      redisUrl: TEST_REDIS_URL!,
      redisPrefix: `pgbouncer-off-${Date.now()}`,
      DATABASE_PGBOUNCER: 'false',
    };
    const misconfigured = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    try {
      for (const api of misconfigured) expect(api.logged(POOLER_DETECTED)).toBe(1);
      const workspaces = await Promise.all([0, 1, 2, 3].map((i) => bootstrapOver(misconfigured[i % 2]!, 'pro')));
      const statuses: Record<number, number> = {};
      const created: string[] = [];
      // 120 creates, 24 at once over both processes, each also reading its key and the link list
      await Promise.all(
        Array.from({ length: 24 }, async (_, lane) => {
          for (let i = 0; i < 5; i++) {
            const ws = workspaces[(lane + i) % 4]!;
            const api = misconfigured[lane % 2]!;
            const res = await api.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: `https://example.com/off/${lane}/${i}` } });
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (res.status === 201) created.push(res.body.id);
            const list = await api.api('GET', `/workspaces/${ws.workspaceId}/links?limit=5`, { key: ws.key });
            statuses[list.status] = (statuses[list.status] ?? 0) + 1;
          }
        }),
      );
      expect(statuses).toEqual({ 200: 120, 201: 120 });
      const stored = await database.db.select({ id: links.id }).from(links).where(inArray(links.id, created));
      expect(stored.length).toBe(created.length);
      const audited = await database.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(inArray(auditLog.action, ['link.create']));
      const auditedIds = new Set(audited.map((row) => (typeof row.details === 'string' ? JSON.parse(row.details) : row.details).id));
      expect(created.filter((id) => !auditedIds.has(id))).toEqual([]);
    } finally {
      await Promise.all(misconfigured.map((api) => api.stop()));
    }
  },
  120_000,
);

/**
 * With every connection of its pool busy, postgres.js sends the next statement down a busy one
 * (pipelining). PgBouncer 1.18 gives the server back at the first statement's ReadyForQuery and
 * closes it when the second's answer comes ("idle server got dirty"): the second statement is never
 * answered. In CI a request hung so until its test timed out, about one full run in two; a plain
 * postgres.js client doing what this test does hangs within its first ten statements. Pooled, no
 * statement is pipelined, and transactions (savepoints too) still hold their connection.
 */
test.skipIf(!enabled)(
  'through a transaction pooler, statements with and without parameters and transactions, 3 clients × 2 connections at once: every one answers',
  async () => {
    const clients = await Promise.all([0, 1, 2].map(() => openDatabase({ url: bouncer.through(database.url!), poolSize: 2, migrate: false, pgbouncer: true })));
    try {
      await clients[0]!.db.execute(sql`create table pipelined (n int not null)`);
      const statement = async (client: Database, i: number) => {
        if (i % 3 === 0)
          await client.db.transaction(async (tx) => {
            await tx.execute(sql`insert into pipelined values (${i})`);
            await tx.execute(sql`select 1`);
            await tx.transaction(async (savepoint) => void (await savepoint.execute(sql`insert into pipelined values (${-i})`)));
          });
        else if (i % 3 === 1) await client.db.execute(sql`select 1 as n, pg_sleep(0.0005)`);
        else await client.db.execute(sql`select ${i}::int as n`);
      };
      let answered = 0;
      for (let round = 0; round < 40; round++) {
        // each client gets 8 consecutive statements: all three kinds, so that each kind follows another on one connection
        const batch = Array.from({ length: 24 }, (_, k) => statement(clients[Math.floor(k / 8)]!, round * 24 + k).then(() => answered++));
        const hung = await Promise.race([Promise.all(batch).then(() => false), Bun.sleep(10_000).then(() => true)]);
        expect({ round, hung }).toEqual({ round, hung: false });
      }
      expect(answered).toBe(960);
      const [row] = rowsOf<{ n: number }>(await clients[0]!.db.execute(sql`select count(*)::int as n from pipelined`));
      expect(row?.n).toBe(640);
    } finally {
      await clients[0]!.db.execute(sql`drop table if exists pipelined`);
      await Promise.all(clients.map((client) => client.close()));
    }
  },
  120_000,
);

/**
 * The start's pooler check while other clients keep the pool busy, two processes starting at once
 * (as in CI, where one such start went unnoticed: its transaction got another server, the idle
 * client its own back, and the pair looked direct). One probe missed 15 of 40 starts so; the check
 * now probes up to five times.
 */
test.skipIf(!enabled)(
  'DATABASE_PGBOUNCER unset, the pool busy with other clients: every start finds the pooler',
  async () => {
    const url = unpreparedNotAsked();
    const other = await openDatabase({ url: url.toString(), poolSize: 2, migrate: false, pgbouncer: true });
    let stop = false;
    const busy = [0, 1].map(async () => {
      while (!stop) await other.db.execute(sql`select pg_sleep(0.001)`);
    });
    const found: boolean[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        const warnings: string[] = [];
        const log = { warn: (_fields: object, msg: string) => void warnings.push(msg) };
        const starts = await Promise.all([0, 1].map(() => openDatabase({ url: url.toString(), poolSize: 2, migrate: false, pgbouncer: false, log })));
        await Promise.all(starts.map((start) => start.close()));
        found.push(...starts.map((_, k) => warnings.filter((msg) => msg === POOLER_DETECTED).length > k));
      }
    } finally {
      stop = true;
      await Promise.all(busy);
      await other.close();
    }
    expect(found).toEqual(Array(20).fill(true));
  },
  120_000,
);
