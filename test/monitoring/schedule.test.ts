import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { linkHealth } from '../../app/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type TestCerts } from '../helpers/https-receiver';

let t: TestApp;
let certs: TestCerts;
let rx: HttpsReceiver;

beforeAll(async () => {
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, config: { webhookCaFile: certs.caFile, monitorIntervalMs: 300 } });
  // with REDIS_URL the repeatable job runs on BullMQ, as `bun run worker monitoring` would run it
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
});
afterAll(async () => {
  await t.close();
  rx.close();
  certs.remove();
});

test('the repeatable monitoring.run job checks monitored links every MONITOR_INTERVAL_MS', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  await t.api('POST', `/workspaces/${ws.workspaceId}/webhooks`, { key: ws.key, body: { name: 'm', url: `${rx.origin}/hook`, events: ['link.broken'] } });
  const link = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: `${rx.origin}/status/500`, monitoring: true } });
  expect(link.status).toBe(201);

  const until = Date.now() + 8000;
  while (Date.now() < until && !rx.received.some((r) => r.path === '/hook')) await Bun.sleep(50);
  const hook = rx.received.find((r) => r.path === '/hook');
  expect(hook).toBeDefined();
  expect(JSON.parse(hook!.body)).toMatchObject({ type: 'link.broken', data: { id: link.body.id, status_code: 500 } });
  const [health] = await t.deps.db.select().from(linkHealth).where(eq(linkHealth.linkId, link.body.id));
  expect(health).toMatchObject({ state: 'broken', lastStatus: 500 });
  // later passes keep checking without repeating the event
  const checks = () => rx.received.filter((r) => r.path === '/status/500').length;
  const before = checks();
  while (checks() === before && Date.now() < until + 4000) await Bun.sleep(50);
  expect(checks()).toBeGreaterThan(before);
  expect(rx.received.filter((r) => r.path === '/hook')).toHaveLength(1);
});
