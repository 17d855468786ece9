import { afterAll, beforeAll, expect, test } from 'bun:test';
import { openDatabase, type Database } from '../../core/db';
import { storedClicks } from '../helpers/clicks';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { type Deployment, startDeployment } from '../helpers/deployment';
import { runRequests } from '../helpers/load';
import { startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { bootstrapOver, waitFor, type ApiProcess, type ChildProcess } from '../helpers/processes';
import { BROWSER_UA } from '../links/fixtures';

/**
 * Fault test 3: a PRIVATE PostgreSQL cluster this file starts (so it can crash it with
 * `pg_ctl stop -m immediate`), an API process and a worker process on it and on a private Redis.
 * While PostgreSQL is down, links the API process has cached keep redirecting; a link it has not
 * cached answers 503 (retry), never 404, and that failure is not cached; the clicks wait in the
 * queue and are stored once PostgreSQL is back.
 */
const enabled = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL && Bun.which('redis-server'));
if (!enabled)
  console.warn(
    'postgres-outage.test.ts skipped: needs TEST_DATABASE_URL, TEST_REDIS_URL, redis-server and the PostgreSQL server binaries (crashes a private cluster)',
  );

let cluster: PgCluster;
let deployment: Deployment;
let database: Database;
let api: ApiProcess;
let worker: ChildProcess;

beforeAll(async () => {
  if (!enabled) return;
  cluster = await startPgCluster();
  // migrates the private cluster; the test reads the stored clicks through it
  deployment = await startDeployment({
    redisPrefix: 'pgdown',
    database: { database: await openDatabase({ url: cluster.url, poolSize: 2 }), url: cluster.url },
  });
  ({ database } = deployment);
  [api] = deployment.apis;
  [worker] = deployment.workers;
}, 90_000);

afterAll(async () => {
  if (!enabled) return;
  await deployment?.stop();
  cluster?.destroy();
});

const visit = (slug: string) => api.visit(slug, { 'user-agent': BROWSER_UA });

test.skipIf(!enabled)(
  'fault 3: PostgreSQL crashed during redirects: cached links 100% served, uncached 503 and not cached, clicks stored after restart',
  async () => {
    const ws = await bootstrapOver(api);
    const create = async (i: number) => {
      const res = await api.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: `https://example.com/${i}` } });
      expect(res.status).toBe(201);
      return res.body as { id: string; slug: string };
    };
    const cached = await Promise.all([0, 1, 2, 3, 4].map(create));
    const uncached = await Promise.all([5, 6, 7].map(create));
    for (const link of cached) expect((await visit(link.slug)).status).toBe(302);
    let served = cached.length;

    let stoppedAt = 0;
    let result: Awaited<ReturnType<typeof runRequests>>;
    const uncachedStatuses: number[] = [];
    try {
      // the crash comes a quarter into the run, with requests in flight; 1,500 more follow it
      result = await runRequests({
        count: 2000,
        concurrency: 20,
        request: (i) => visit(cached[i % cached.length]!.slug),
        onDone(done) {
          if (done !== 500) return;
          cluster.stop();
          stoppedAt = performance.now();
        },
      });
      expect(stoppedAt).toBeGreaterThan(0);
      // an outage of 2 s at least: the worker's retries meet it too
      await Bun.sleep(Math.max(0, 2000 - (performance.now() - stoppedAt)));
      // twice each: a second visit must not be answered from a cached "not found"
      for (let round = 0; round < 2; round++) for (const link of uncached) uncachedStatuses.push((await visit(link.slug)).status);
    } finally {
      cluster.start();
    }
    const downMs = performance.now() - stoppedAt;
    served += result.statuses[302] ?? 0;
    console.info(
      `fault 3: PostgreSQL down ${Math.round(downMs)} ms; 2,000 cached redirects: ${JSON.stringify(result.statuses)}, max ${result.maxMs.toFixed(1)} ms; uncached: ${uncachedStatuses.join(',')}`,
    );
    expect(result.statuses).toEqual({ 302: 2000 });
    expect(uncachedStatuses).toEqual(Array(uncached.length * 2).fill(503));

    // back up: the very links that failed redirect now (the pool reconnects on the next query)
    let first = 503;
    await waitFor(async () => (first = (await visit(uncached[0]!.slug)).status) !== 503, 15_000, 'the API process to reach PostgreSQL again');
    expect(first).toBe(302);
    for (const link of uncached.slice(1)) expect((await visit(link.slug)).status).toBe(302);
    served += uncached.length;

    const linkIds = [...cached, ...uncached].map((l) => l.id);
    await waitFor(async () => (await storedClicks(database.db, linkIds).catch(() => ({ rows: 0 }))).rows >= served, 60_000, `${served} clicks stored`);
    await Bun.sleep(1500);
    expect(await storedClicks(database.db, linkIds)).toEqual({ rows: served, counted: served });
    // they were stored by retries: the worker's first attempts met the dead database
    expect(worker.logged('job failed')).toBeGreaterThan(0);
  },
  120_000,
);
