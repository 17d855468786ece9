import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { clicks as clickRows } from '../../modules/clicks/schema';
import { LIMITS } from '../../core/plans';
import { signPayload } from '../../modules/webhooks/delivery';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type Received, type TestCerts } from '../helpers/https-receiver';
import { bootstrapOver, startApiProcess, startWorkerProcess, waitFor, type ApiProcess, type ChildProcess } from '../helpers/processes';
import { UA } from '../helpers/smart-links';

/**
 * `link.clicked` as deployed: visits through an API process (`bun app/main.ts`), their clicks
 * stored by a `clicks` worker process, which queues the batched deliveries that a separate
 * `webhooks` worker process sends (both BullMQ consumers).
 */
const enabled = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
if (!enabled) console.warn('clicked-processes.test.ts skipped: needs TEST_DATABASE_URL and TEST_REDIS_URL (API and worker processes)');

let database: Database & { url?: string };
let certs: TestCerts;
let rx: HttpsReceiver;
let api: ApiProcess;
const workers: ChildProcess[] = [];
let env: Parameters<typeof startApiProcess>[0];

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestDatabase();
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  env = {
    databaseUrl: database.url!,
    redisUrl: TEST_REDIS_URL!,
    redisPrefix: `lht-clicked-${process.pid}-${Date.now().toString(36)}`,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_CA_FILE: certs.caFile,
  };
  api = await startApiProcess(env);
  workers.push(await startWorkerProcess(env, ['clicks']), await startWorkerProcess(env, ['webhooks']));
}, 90_000);

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([api?.stop(), ...workers.map((w) => w.stop())]);
  rx?.close();
  certs?.remove();
  await database?.close();
});

const clicksIn = (deliveries: Received[]) => deliveries.flatMap((r) => JSON.parse(r.body).data.clicks as { click_id: string; slug: string }[]);

test.skipIf(!enabled)(
  'clicks stored by a clicks worker reach the webhook through the webhooks worker, batched and signed',
  async () => {
    const ws = await bootstrapOver(api);
    const call = (method: string, path: string, body?: unknown) => api.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
    const link = await call('POST', '/links', { target: 'https://example.com/worker' });
    expect(link.status).toBe(201);
    const hook = await call('POST', '/webhooks', { name: 'clicks', url: `${rx.origin}/proc`, events: ['link.clicked'] });
    expect(hook.status).toBe(201);

    const VISITS = 250;
    for (let sent = 0; sent < VISITS; sent += 25) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => api.visit(link.body.slug, { 'user-agent': UA.android })));
      for (const res of answers) expect(res.status).toBe(302);
    }
    for (let i = 0; i < 3; i++) expect((await api.visit(link.body.slug, { 'user-agent': UA.googlebot })).status).toBe(302);

    const received = () => rx.received.filter((r) => r.path === '/proc');
    await waitFor(() => clicksIn(received()).length >= VISITS, 60_000, 'the visits delivered');
    // a partial batch waits at most one window: after two, nothing more may come (bots included)
    await Bun.sleep(2 * LIMITS.webhookClicksWindowMs);
    const deliveries = received();
    const clicks = clicksIn(deliveries);
    expect(clicks).toHaveLength(VISITS);
    expect(new Set(clicks.map((c) => c.click_id)).size).toBe(VISITS);
    expect(clicks.every((c) => c.slug === link.body.slug)).toBe(true);
    expect(deliveries.length).toBeLessThanOrEqual(Math.ceil(VISITS / LIMITS.webhookClicksPerDelivery));
    for (const r of deliveries) {
      expect(r.headers['x-webhook-event']).toBe('link.clicked');
      expect(r.headers['x-webhook-signature']).toBe(signPayload(hook.body.secret, r.headers['x-webhook-timestamp']!, r.body));
    }
  },
  120_000,
);

test.skipIf(!enabled)(
  'a clicks worker stopped (SIGTERM) queues the clicks still waiting for their delivery',
  async () => {
    const ws = await bootstrapOver(api);
    const call = (method: string, path: string, body?: unknown) => api.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
    const link = await call('POST', '/links', { target: 'https://example.com/stopping' });
    const hook = await call('POST', '/webhooks', { name: 'clicks', url: `${rx.origin}/stopping`, events: ['link.clicked'] });
    expect(hook.status).toBe(201);
    const VISITS = LIMITS.webhookClicksPerDelivery + 50;
    for (let sent = 0; sent < VISITS; sent += 25) {
      await Promise.all(Array.from({ length: Math.min(25, VISITS - sent) }, () => api.visit(link.body.slug, { 'user-agent': UA.android })));
    }
    const received = () => clicksIn(rx.received.filter((r) => r.path === '/stopping'));
    // every click stored (so the clicks worker holds the last 50) and the full delivery out: stop it before their window ends
    const stored = async () => (await database.db.select({ id: clickRows.id }).from(clickRows).where(eq(clickRows.linkId, link.body.id))).length;
    await waitFor(async () => (await stored()) === VISITS && received().length >= LIMITS.webhookClicksPerDelivery, 30_000, 'the clicks stored');
    const clicksWorker = workers.shift()!;
    await clicksWorker.stop();
    workers.push(await startWorkerProcess(env, ['clicks']));
    await waitFor(() => received().length >= VISITS, 30_000, 'the waiting clicks delivered');
    expect(new Set(received().map((c) => c.click_id)).size).toBe(VISITS);
  },
  120_000,
);
