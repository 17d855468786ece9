import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sha256Hex } from '../../core/secrets';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type TestCerts } from '../helpers/https-receiver';
import { storedClickAt } from './helpers';

let t: TestApp;
let certs: TestCerts;
let rx: HttpsReceiver;

beforeAll(async () => {
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  t = await startTestApp({ config: { gaEndpoint: `${rx.origin}/mp/collect`, fbEndpoint: `${rx.origin}/v19.0`, webhookCaFile: certs.caFile } });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['analytics']);
});
afterAll(async () => {
  await t.close();
  rx.close();
  certs.remove();
});

/** A Pro workspace with a tracking link, forwarding to GA4 and Meta with the given settings. */
async function forwardingWorkspace(settings: Record<string, string | null>) {
  const ws = await t.bootstrap({ plan: 'pro' });
  const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
  if (Object.keys(settings).length) expect((await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: settings })).status).toBe(200);
  const link = (await api('POST', '/links', { target: 'https://shop.example/', track_conversions: true })).body;
  return { ws, api, link, click: await storedClickAt(t, link, new Date()) };
}

/** The requests matching `match`, once the jobs are done (BullMQ: once `count` came, or after `ms`), and nothing more came. */
async function received(match: (path: string, query: URLSearchParams) => boolean, count: number, ms = 8000) {
  await t.deps.bus.settle();
  if (t.deps.queue.kind === 'memory') await t.deps.queue.idle();
  const mine = () => rx.received.filter((r) => match(r.path, new URLSearchParams(r.search)));
  const until = Date.now() + ms;
  while (mine().length < count && Date.now() < until) await Bun.sleep(25);
  await Bun.sleep(300); // nothing more should come
  return mine().map((r) => ({ query: new URLSearchParams(r.search), body: JSON.parse(r.body) }));
}
const gaOf = (measurementId: string) => (path: string, query: URLSearchParams) => path === '/mp/collect' && query.get('measurement_id') === measurementId;
const fbOf = (pixel: string) => (path: string) => path === `/v19.0/${pixel}/events`;

test('a lead and a sale reach GA4 and Meta once each, with the exact payloads; a repeated invoice sends nothing more', async () => {
  const { api, link, click } = await forwardingWorkspace({
    ga_id: 'G-EXACT',
    ga_api_secret: 'ga-secret',
    fb_pixel_id: 'px-exact',
    fb_access_token: 'fb-token',
  });
  const lead = (await api('POST', '/track/lead', { click_id: click, event_name: 'Sign up', customer_id: 'cus_1', customer_email: ' Ann@Example.COM ' })).body;
  const sale = (await api('POST', '/track/sale', { customer_id: 'cus_1', amount: 4999, currency: 'EUR', invoice_id: 'inv_1' })).body;
  expect((await api('POST', '/track/sale', { customer_id: 'cus_1', amount: 4999, currency: 'EUR', invoice_id: 'inv_1' })).body).toEqual(sale);
  const yen = (await api('POST', '/track/sale', { customer_id: 'cus_1', amount: 4900, currency: 'JPY' })).body;

  const ga = await received(gaOf('G-EXACT'), 3);
  expect(ga.map((r) => r.query.get('api_secret'))).toEqual(['ga-secret', 'ga-secret', 'ga-secret']);
  const gaEvent = (name: string, params: Record<string, unknown>) => ({ client_id: click, timestamp_micros: expect.any(Number), events: [{ name, params }] });
  expect(ga.map((r) => r.body).sort((a, b) => a.timestamp_micros - b.timestamp_micros)).toEqual([
    gaEvent('generate_lead', { link_id: link.id, lead_id: lead.lead_id, lead_event: 'Sign up' }),
    gaEvent('purchase', { link_id: link.id, transaction_id: 'inv_1', currency: 'EUR', value: 49.99 }),
    gaEvent('purchase', { link_id: link.id, transaction_id: yen.sale_id, currency: 'JPY', value: 4900 }),
  ]);
  for (const r of ga) expect(Math.abs(r.body.timestamp_micros / 1000 - Date.now())).toBeLessThan(60_000);

  const fb = await received(fbOf('px-exact'), 3);
  expect(fb.every((r) => r.query.size === 0 && r.body.access_token === 'fb-token')).toBe(true);
  const user_data = { external_id: [sha256Hex('cus_1')], em: [sha256Hex('ann@example.com')] };
  const fbEvent = (event_name: string, event_id: string, custom_data: Record<string, unknown>) => ({
    data: [{ event_name, event_time: expect.any(Number), event_id, action_source: 'system_generated', user_data, custom_data }],
    access_token: 'fb-token',
  });
  const fbKey = (body: any) => `${body.data[0].event_name}:${body.data[0].custom_data.currency ?? ''}`;
  expect(fb.map((r) => r.body).sort((a, b) => fbKey(a).localeCompare(fbKey(b)))).toEqual([
    fbEvent('Lead', lead.lead_id, { link_id: link.id, lead_event: 'Sign up' }),
    fbEvent('Purchase', sale.sale_id, { link_id: link.id, order_id: 'inv_1', currency: 'EUR', value: 49.99 }),
    fbEvent('Purchase', yen.sale_id, { link_id: link.id, order_id: yen.sale_id, currency: 'JPY', value: 4900 }),
  ]);
});

test('an endpoint that fails is retried with backoff until it answers; the other destination is sent once', async () => {
  const { api, click } = await forwardingWorkspace({ ga_id: 'G-RETRY', ga_api_secret: 's', fb_pixel_id: 'px-retry', fb_access_token: 'tok' });
  rx.statusOf.set('/v19.0/px-retry/events', 503);
  await api('POST', '/track/lead', { click_id: click, event_name: 'Sign up', customer_id: 'cus_r' });
  // the first tries fail; then Meta is back
  const until = Date.now() + 8000;
  while (rx.received.filter((r) => r.path === '/v19.0/px-retry/events').length < 2 && Date.now() < until) await Bun.sleep(20);
  rx.statusOf.delete('/v19.0/px-retry/events');
  const fb = await received(fbOf('px-retry'), 3, 15_000);
  expect(fb.length).toBeGreaterThanOrEqual(3);
  expect(new Set(fb.map((r) => r.body.data[0].event_id)).size).toBe(1);
  expect(await received(gaOf('G-RETRY'), 1)).toHaveLength(1);
});

test('a refusal (4xx) is not retried and is in the audit log; a workspace without settings sends nothing', async () => {
  const { api, click } = await forwardingWorkspace({ ga_id: 'G-REFUSED', ga_api_secret: 'wrong', fb_pixel_id: null, fb_access_token: null });
  rx.statusOf.set('/mp/collect', 401);
  await api('POST', '/track/lead', { click_id: click, event_name: 'Sign up', customer_id: 'cus_x' });
  const ga = await received(gaOf('G-REFUSED'), 1);
  rx.statusOf.delete('/mp/collect');
  expect(ga).toHaveLength(1);
  const until = Date.now() + 5000;
  let entries: { action: string; details: string }[] = [];
  while (!entries.length && Date.now() < until) {
    entries = (await api('GET', '/audit-log?action=conversion.forward_failed')).body.entries;
    if (!entries.length) await Bun.sleep(50);
  }
  expect(entries).toHaveLength(1);
  expect(JSON.parse(entries[0]!.details)).toEqual({
    destination: 'GA4 Measurement Protocol',
    lead_id: expect.any(String),
    attempts: 1,
    error: 'GA4 Measurement Protocol answered 401: ',
  });
  // the secret never shows in the log
  expect(entries[0]!.details).not.toContain('wrong');

  const quiet = await forwardingWorkspace({});
  const before = rx.received.length;
  await quiet.api('POST', '/track/lead', { click_id: quiet.click, event_name: 'Sign up', customer_id: 'cus_q' });
  await quiet.api('POST', '/track/sale', { customer_id: 'cus_q', amount: 1, currency: 'USD' });
  await received(() => true, 0, 0);
  expect(rx.received.length).toBe(before);
});

test('an endpoint down through every try: the last failure is in the audit log', async () => {
  const { api, click } = await forwardingWorkspace({ fb_pixel_id: 'px-down', fb_access_token: 'tok' });
  rx.statusOf.set('/v19.0/px-down/events', 503);
  const lead = (await api('POST', '/track/lead', { click_id: click, event_name: 'Sign up', customer_id: 'cus_d' })).body;
  let entries: { details: string }[] = [];
  for (const until = Date.now() + 90_000; !entries.length && Date.now() < until; ) {
    await Bun.sleep(500);
    entries = (await api('GET', '/audit-log?action=conversion.forward_failed')).body.entries;
  }
  rx.statusOf.delete('/v19.0/px-down/events');
  expect(rx.received.filter((r) => r.path === '/v19.0/px-down/events')).toHaveLength(9);
  expect(entries.map((e) => JSON.parse(e.details))).toEqual([
    { destination: 'Meta Conversions API', lead_id: lead.lead_id, attempts: 9, error: 'Meta Conversions API answered 503: ' },
  ]);
}, 120_000);
