import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Database } from '../../core/db';
import { storedClicks } from '../helpers/clicks';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/db';
import { makeTestCerts, type TestCerts } from '../helpers/https-receiver';
import { runRequests } from '../helpers/load';
import { needs } from '../helpers/needs';
import { bootstrapOver, startApiProcess, startWorkerProcess, waitFor, type ApiProcess, type ChildProcess } from '../helpers/processes';
import { SENTINEL_BIN, SENTINEL_NAME, startSentinelSetup, type SentinelSetup } from '../helpers/sentinel';
import { BROWSER_UA } from '../links/fixtures';

/**
 * Redis through Sentinel: an API process and a worker process find the Redis primary through three
 * Sentinels (REDIS_SENTINELS); the primary is killed (-9) during 10,000 redirects and 200 link
 * writes, and the Sentinels promote its replica. Redirects never fail, writes answer 503 at worst
 * and then succeed, every click is stored once and every link.created webhook is delivered once.
 */
const enabled = needs(
  Boolean(TEST_DATABASE_URL && Bun.which('redis-server') && SENTINEL_BIN),
  'redis-sentinel.test.ts',
  'TEST_DATABASE_URL, redis-server and redis-sentinel (Debian packages redis-server, redis-sentinel)',
);

const WORKSPACES = 10;
const LINKS_EACH = 20;
let certs: TestCerts;
let receiver: ReturnType<typeof Bun.serve>;
/** link.created deliveries per link id */
const delivered = new Map<string, number>();
let setup: SentinelSetup;
let database: Database & { url?: string };
let api: ApiProcess;
let worker: ChildProcess;

beforeAll(async () => {
  if (!enabled) return;
  certs = makeTestCerts();
  receiver = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert: certs.cert, key: certs.key },
    async fetch(req) {
      const event = await req.json();
      const id = event?.data?.id;
      if (typeof id === 'string') delivered.set(id, (delivered.get(id) ?? 0) + 1);
      return new Response('ok');
    },
  });
  setup = await startSentinelSetup();
  database = await createTestDatabase();
  const env = {
    databaseUrl: database.url!,
    redisUrl: 'redis://',
    redisPrefix: 'sentinel',
    REDIS_SENTINELS: setup.sentinels,
    REDIS_SENTINEL_NAME: SENTINEL_NAME,
    // a job that was active on the lost primary is taken back within 2 s
    JOB_LOCK_MS: '2000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_CA_FILE: certs.caFile,
  };
  api = await startApiProcess(env);
  worker = await startWorkerProcess(env);
}, 90_000);

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([api?.stop(), worker?.stop()]);
  await setup?.destroy();
  await database?.close();
  receiver?.stop(true);
  certs?.remove();
});

test.skipIf(!enabled)(
  'Redis primary killed (-9) with 3 Sentinels during 10,000 redirects and 200 link writes: 0 failed redirects, writes 503 at worst then succeed, clicks stored once, webhooks delivered once',
  async () => {
    const workspaces = await Promise.all(Array.from({ length: WORKSPACES }, () => bootstrapOver(api, 'agency')));
    for (const ws of workspaces) {
      const hook = await api.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, {
        key: ws.key,
        body: { name: 'created', url: `https://127.0.0.1:${receiver.port}/hook`, events: ['link.created'] },
      });
      expect(hook.status).toBe(201);
    }
    const hot: { id: string; slug: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await api.api('POST', `/workspaces/${workspaces[i % WORKSPACES]!.workspaceId}/links`, {
        key: workspaces[i % WORKSPACES]!.key,
        body: { target: `https://example.com/hot/${i}` },
      });
      expect(res.status).toBe(201);
      hot.push(res.body);
    }
    const linkIds = hot.map((link) => link.id);
    const visit = (slug: string) => api.visit(slug, { 'user-agent': BROWSER_UA });
    for (const link of hot) expect((await visit(link.slug)).status).toBe(302);
    let served = hot.length;
    const oldPrimary = await setup.primaryPort();
    expect(oldPrimary).toBe(setup.primary.port);

    let killed = false;
    const writes: Record<number, number> = {};
    const created: string[] = [];
    // four writers, 50 link creations each, retried after a 503 until they are acknowledged
    const writer = async (lane: number) => {
      for (let i = 0; i < (WORKSPACES * LINKS_EACH) / 4; i++) {
        const ws = workspaces[(lane * 50 + i) % WORKSPACES]!;
        for (;;) {
          const res = await api.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: `https://example.com/w/${lane}/${i}` } });
          writes[res.status] = (writes[res.status] ?? 0) + 1;
          if (res.status === 201) {
            created.push(res.body.id);
            break;
          }
          if (res.status !== 503) throw new Error(`link write answered ${res.status}: ${JSON.stringify(res.body)}`);
          await Bun.sleep(100);
        }
        // ~20 writes a second: the writes span the failover
        await Bun.sleep(200);
      }
    };
    const t0 = performance.now();
    const [result] = await Promise.all([
      runRequests({
        count: 10_000,
        concurrency: 50,
        perSecond: 1000,
        request: (i) => visit(hot[i % hot.length]!.slug),
        async onDone(done) {
          if (done === 1500 && !killed) {
            killed = true;
            await setup.primary.kill();
          }
        },
      }),
      ...[0, 1, 2, 3].map(writer),
    ]);
    served += result.statuses[302] ?? 0;
    await waitFor(async () => (await setup.primaryPort()) === setup.replica.port, 30_000, 'the Sentinels to promote the replica');
    console.info(
      `sentinel: 10,000 redirects in ${Math.round(result.elapsedMs)} ms (max ${result.maxMs.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms); link writes ${JSON.stringify(writes)} in ${Math.round(performance.now() - t0)} ms`,
    );
    expect(result.statuses).toEqual({ 302: 10_000 });
    expect(created.length).toBe(WORKSPACES * LINKS_EACH);

    // every click once, on the new primary's queues
    await waitFor(async () => (await storedClicks(database.db, linkIds)).rows >= served, 60_000, `${served} clicks stored`);
    // every acknowledged link.created once
    const all = [...linkIds, ...created];
    await waitFor(() => all.every((id) => delivered.has(id)), 60_000, `${all.length} link.created webhooks delivered`);
    // a late duplicate would show up after the first complete count
    await Bun.sleep(3000);
    expect(await storedClicks(database.db, linkIds)).toEqual({ rows: served, counted: served });
    expect(all.filter((id) => delivered.get(id) !== 1)).toEqual([]);

    // the processes write to the new primary: a write after the failover is answered at once
    const after = await api.api('POST', `/workspaces/${workspaces[0]!.workspaceId}/links`, {
      key: workspaces[0]!.key,
      body: { target: 'https://example.com/after' },
    });
    expect(after.status).toBe(201);
  },
  180_000,
);
