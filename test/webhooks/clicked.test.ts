import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { LIMITS } from '../../core/plans';
import { clicks } from '../../modules/clicks/schema';
import { clickRecorder } from '../../modules/clicks/recorder';
import { signPayload } from '../../modules/webhooks/delivery';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type Received, type TestCerts } from '../helpers/https-receiver';
import { waitFor } from '../helpers/processes';
import { UA } from '../helpers/smart-links';

// `link.clicked`: real redirects, stored by the click pipeline (in process embedded, a BullMQ worker
// with TEST_REDIS_URL), reach the opted-in webhooks as batched, signed deliveries.
let t: TestApp;
let certs: TestCerts;
let rx: HttpsReceiver;

beforeAll(async () => {
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, config: { webhookCaFile: certs.caFile } });
  // with REDIS_URL the click and webhook jobs run on BullMQ: consume them here, as the workers would
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
});
afterAll(async () => {
  await t.close();
  rx.close();
  certs.remove();
});

const CLICK_FIELDS = ['browser', 'click_id', 'clicked_at', 'country', 'device', 'domain', 'link_id', 'os', 'referer', 'slug'];

async function workspaceWithLink() {
  const ws = await t.bootstrap({ plan: 'pro' });
  const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
  const link = await api('POST', '/links', { target: 'https://example.com/landing' });
  expect(link.status).toBe(201);
  return { ws, api, link: link.body };
}

/** Hands the buffered clicks to the queue now instead of after the recorder's flush interval. */
const recordClicks = () => clickRecorder(t.deps).flush();

const deliveriesTo = (path: string): Received[] => rx.received.filter((r) => r.path === path);
const clicksIn = (deliveries: Received[]) => deliveries.flatMap((r) => JSON.parse(r.body).data.clicks as Record<string, unknown>[]);

test('real redirects reach the opted-in webhook as signed link.clicked batches; bots and other webhooks get none', async () => {
  const { ws, api, link } = await workspaceWithLink();
  const opted = await api('POST', '/webhooks', { name: 'clicks', url: `${rx.origin}/opted`, events: ['link.clicked'] });
  expect(opted.status).toBe(201);
  expect(opted.body.events).toEqual(['link.clicked']);
  const other = await api('POST', '/webhooks', { name: 'links', url: `${rx.origin}/not-opted`, events: ['link.updated'] });
  expect(other.status).toBe(201);

  const headers = { 'user-agent': UA.desktop, referer: 'https://news.example/post', 'x-forwarded-for': '203.0.113.9' };
  for (let i = 0; i < 5; i++) expect((await t.request(`/${link.slug}`, { headers })).status).toBe(302);
  for (let i = 0; i < 3; i++) expect((await t.request(`/${link.slug}`, { headers: { 'user-agent': UA.googlebot } })).status).toBe(302);
  await recordClicks();

  // one window at most after storage; generous for a loaded box
  await waitFor(() => clicksIn(deliveriesTo('/opted')).length >= 5, 30_000, 'the 5 clicks delivered');
  const stored = await t.deps.db.select({ id: clicks.id }).from(clicks).where(eq(clicks.linkId, link.id));
  expect(stored).toHaveLength(5); // the bot visits were not stored, so not delivered
  const deliveries = deliveriesTo('/opted');
  const delivered = clicksIn(deliveries);
  expect(delivered.map((c) => c.click_id).sort()).toEqual(stored.map((s) => s.id).sort());
  for (const click of delivered) {
    // no IP, no raw User-Agent, no visitor hash
    expect(Object.keys(click).sort()).toEqual(CLICK_FIELDS);
    expect(click).toMatchObject({ link_id: link.id, domain: link.domain, slug: link.slug, referer: 'https://news.example/post', device: 'desktop' });
    expect(new Date(click.clicked_at as string).toISOString()).toBe(click.clicked_at as string);
  }
  for (const r of deliveries) {
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({ type: 'link.clicked', workspace_id: ws.workspaceId, timestamp: r.headers['x-webhook-timestamp'] });
    expect(Object.keys(body).sort()).toEqual(['data', 'id', 'timestamp', 'type', 'workspace_id']);
    expect(r.headers['x-webhook-event']).toBe('link.clicked');
    expect(r.headers['x-webhook-id']).toBe(opted.body.id);
    expect(r.headers['x-webhook-signature']).toBe(signPayload(opted.body.secret, r.headers['x-webhook-timestamp']!, r.body));
    expect(r.body).not.toContain('203.0.113.9');
    expect(r.body).not.toContain(UA.desktop);
  }
  // in the delivery log like any delivery (written once the receiver has answered)
  const logged = async () => (await api('GET', `/webhooks/${opted.body.id}/deliveries`)).body;
  await waitFor(async () => (await logged()).total >= deliveries.length, 10_000, 'the deliveries logged');
  const log = { body: await logged() };
  expect(log.body.deliveries.map((d: any) => [d.event_type, d.success])).toEqual(deliveries.map(() => ['link.clicked', true]));

  await Bun.sleep(500);
  expect(deliveriesTo('/not-opted')).toHaveLength(0);
}, 60_000);

test(`a burst of 1,000 clicks on one link is at most ${Math.ceil(1000 / LIMITS.webhookClicksPerDelivery)} deliveries, each click once`, async () => {
  const { api, link } = await workspaceWithLink();
  const hook = await api('POST', '/webhooks', { name: 'busy', url: `${rx.origin}/busy`, events: ['link.created', 'link.clicked'] });
  expect(hook.status).toBe(201);
  const BURST = 1000;
  for (let sent = 0; sent < BURST; sent += 50) {
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.request(`/${link.slug}`, { headers: { 'user-agent': UA.iphone } })));
    for (const res of answers) expect(res.status).toBe(302);
  }
  await recordClicks();
  await waitFor(() => clicksIn(deliveriesTo('/busy')).length >= BURST, 60_000, 'the burst delivered');
  // a partial batch waits at most one window: after two, nothing more may come
  await Bun.sleep(2 * LIMITS.webhookClicksWindowMs);
  const deliveries = deliveriesTo('/busy');
  const ids = clicksIn(deliveries).map((c) => c.click_id);
  expect(ids).toHaveLength(BURST);
  expect(new Set(ids).size).toBe(BURST);
  expect(deliveries.length).toBeLessThanOrEqual(Math.ceil(BURST / LIMITS.webhookClicksPerDelivery));
  for (const r of deliveries) expect(JSON.parse(r.body).data.clicks.length).toBeLessThanOrEqual(LIMITS.webhookClicksPerDelivery);
  // each payload once: distinct ids
  expect(new Set(deliveries.map((r) => JSON.parse(r.body).id)).size).toBe(deliveries.length);
}, 120_000);

test('link.clicked is accepted as an event type next to the spec ones; unknown types still refused', async () => {
  const { api } = await workspaceWithLink();
  const bad = await api('POST', '/webhooks', { name: 'x', url: `${rx.origin}/x`, events: ['link.clicked', 'link.clickd'] });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toContain('link.clickd');
  const created = await api('POST', '/webhooks', { name: 'x', url: `${rx.origin}/x`, events: ['link.created'] });
  expect((await api('PATCH', `/webhooks/${created.body.id}`, { events: ['link.created', 'link.clicked', 'link.clicked'] })).status).toBe(200);
  expect((await api('GET', `/webhooks/${created.body.id}`)).body.events).toEqual(['link.created', 'link.clicked']);
});
