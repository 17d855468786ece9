import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Queue } from 'bullmq';
import type { Database } from '../../core/db';
import { storedClicks } from '../helpers/clicks';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { type Deployment, startDeployment } from '../helpers/deployment';
import { runRequests } from '../helpers/load';
import { bootstrapOver, waitFor, type ApiProcess, type ChildProcess, type RedisServer } from '../helpers/processes';
import { eq } from 'drizzle-orm';
import { domains } from '../../modules/domains/schema';
import { BROWSER_UA } from '../links/fixtures';

/**
 * Scale-out: two API processes (A, B) and two worker processes, all `bun` children in
 * production mode, against one PostgreSQL database and one Redis (a redis-server of this file,
 * configured as the README asks: noeviction). Nothing is shared in process memory.
 */
const enabled = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL && Bun.which('redis-server'));
if (!enabled)
  console.warn('scale-out.test.ts skipped: needs TEST_DATABASE_URL, TEST_REDIS_URL and redis-server (two API and two worker processes on shared services)');

const MONITOR_INTERVAL_MS = 1000;
let deployment: Deployment;
let database: Database & { url?: string };
let redis: RedisServer;
let a: ApiProcess;
let b: ApiProcess;
let workers: ChildProcess[] = [];
let ws: { workspaceId: string; key: string };

beforeAll(async () => {
  if (!enabled) return;
  deployment = await startDeployment({
    redisPrefix: 'scale',
    env: { MONITOR_INTERVAL_MS: String(MONITOR_INTERVAL_MS), DELIVERY_PRUNE_INTERVAL_MS: String(MONITOR_INTERVAL_MS) },
    apis: 2,
    workers: 2,
  });
  ({ database, redis, workers } = deployment);
  [a, b] = deployment.apis;
  ws = await bootstrapOver(a);
}, 60_000);

afterAll(async () => {
  if (!enabled) return;
  await deployment?.stop();
});

const linksPath = () => `/workspaces/${ws.workspaceId}/links`;
async function createLinkOver(api: ApiProcess, target: string) {
  const res = await api.api('POST', linksPath(), { key: ws.key, body: { target } });
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string };
}
const locationOf = async (res: Promise<Response>) => (await res).headers.get('location');

test.skipIf(!enabled)(
  'a PATCH through A is seen by the very next visit through B; a link deleted through B answers 404 through A',
  async () => {
    const link = await createLinkOver(a, 'https://example.com/v1');
    // both processes hold the link in their in-process cache
    expect(await locationOf(b.visit(link.slug))).toBe('https://example.com/v1');
    expect(await locationOf(a.visit(link.slug))).toBe('https://example.com/v1');
    for (let version = 2; version <= 5; version++) {
      expect((await a.api('PATCH', `${linksPath()}/${link.id}`, { key: ws.key, body: { target: `https://example.com/v${version}` } })).status).toBe(200);
      expect(await locationOf(b.visit(link.slug))).toBe(`https://example.com/v${version}`);
    }
    expect((await b.api('DELETE', `${linksPath()}/${link.id}`, { key: ws.key })).status).toBe(200);
    expect((await a.visit(link.slug)).status).toBe(404);
    expect((await b.visit(link.slug)).status).toBe(404);
  },
  30_000,
);

test.skipIf(!enabled)(
  'a verified domain removed through A and added unverified by another workspace serves nothing through B',
  async () => {
    const host = 'brand.scale.example';
    const addOver = async (owner: { workspaceId: string; key: string }) => {
      const added = await a.api('POST', `/workspaces/${owner.workspaceId}/domains`, { key: owner.key, body: { domain: host } });
      expect(added.status).toBe(201);
      const link = await a.api('POST', `/workspaces/${owner.workspaceId}/links`, {
        key: owner.key,
        body: { target: `https://example.com/${owner.workspaceId}`, domain: host, slug: 'launch' },
      });
      expect(link.status).toBe(201);
      return added.body.id as string;
    };
    const first = await addOver(ws);
    await database.db.update(domains).set({ verified: true }).where(eq(domains.id, first)); // DNS is not the subject here
    // B caches the domain as verified
    expect(await locationOf(b.visit('launch', { host }))).toBe(`https://example.com/${ws.workspaceId}`);
    expect((await a.api('DELETE', `/workspaces/${ws.workspaceId}/domains/${first}`, { key: ws.key })).status).toBe(200);
    // the next owner has not proved it owns the domain: B must not serve its link on B's old verdict
    await addOver(await bootstrapOver(a));
    expect((await b.visit('launch', { host })).status).toBe(404);
  },
  30_000,
);

test.skipIf(!enabled)(
  'visits spread over A and B are stored and counted exactly once by two workers',
  async () => {
    const first = await createLinkOver(a, 'https://example.com/one');
    const second = await createLinkOver(b, 'https://example.com/two');
    const VISITS = 600;
    const result = await runRequests({
      count: VISITS,
      concurrency: 20,
      // alternate processes and links: each process records into its own buffer and producer
      request: (i) => (i % 2 ? a : b).visit(i % 3 ? first.slug : second.slug, { 'user-agent': BROWSER_UA }),
    });
    expect(result.statuses).toEqual({ 302: VISITS });
    await waitFor(async () => (await storedClicks(database.db, [first.id, second.id])).rows >= VISITS, 20_000, 'every click stored');
    // a late duplicate would show up after the first complete count
    await Bun.sleep(1000);
    expect(await storedClicks(database.db, [first.id, second.id])).toEqual({ rows: VISITS, counted: VISITS });
    expect(await storedClicks(database.db, [first.id])).toEqual({ rows: 400, counted: 400 });
  },
  60_000,
);

test.skipIf(!enabled)(
  'scheduled jobs run once per interval for the whole deployment, not once per process',
  async () => {
    // every API process declares the schedules at start: one scheduler each exists in Redis
    for (const [queueName, schedulerId] of [
      ['monitoring', 'monitoring.run:every'],
      ['webhooks', 'webhooks.prune:every'],
    ] as const) {
      const queue = new Queue(queueName, { connection: { url: redis.url } as any, prefix: 'scale' });
      const schedulers = await queue.getJobSchedulers();
      await queue.close();
      expect(schedulers.map((s) => s.key)).toEqual([schedulerId]);
    }
    const runs = (line: string) => workers.reduce((n, w) => n + w.logged(line), 0);
    const jobs = { monitoring: 'monitoring pass done', 'delivery-log cleanup': 'webhook log prune done' };
    await waitFor(() => Object.values(jobs).every((line) => runs(line) > 0), 10_000, 'a first run of each scheduled job');
    const before = Object.values(jobs).map(runs);
    const WINDOW_MS = 6000;
    await Bun.sleep(WINDOW_MS);
    const ran = Object.entries(jobs).map(([job, line], i) => ({ job, ran: runs(line) - before[i]! }));
    console.info(
      `scale-out: in ${WINDOW_MS} ms at an interval of ${MONITOR_INTERVAL_MS} ms (two API processes scheduling, two workers): ${JSON.stringify(ran)}`,
    );
    // one per interval: 6 in 6 s (± one at the edges); once per API process would be 12
    for (const { job, ran: n } of ran) {
      expect({ job, atLeast: n >= WINDOW_MS / MONITOR_INTERVAL_MS - 1, atMost: n <= WINDOW_MS / MONITOR_INTERVAL_MS + 1 }).toEqual({
        job,
        atLeast: true,
        atMost: true,
      });
    }
  },
  30_000,
);
