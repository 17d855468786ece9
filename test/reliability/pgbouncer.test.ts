import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Database } from '../../core/db';
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
