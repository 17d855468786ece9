import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type TestCerts } from '../helpers/https-receiver';
import { visitTarget } from './helpers';

let t: TestApp;
let certs: TestCerts;
let rx: HttpsReceiver;

beforeAll(async () => {
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, config: { webhookCaFile: certs.caFile } });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
});
afterAll(async () => {
  await t.close();
  rx.close();
  certs.remove();
});

test('lead.created and sale.created reach a subscribed webhook, once each, with the lead and the sale', async () => {
  const ws = await t.bootstrap({ plan: 'pro' });
  const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
  expect((await api('POST', '/webhooks', { name: 'crm', url: `${rx.origin}/crm`, events: ['lead.created', 'sale.created'] })).status).toBe(201);
  const link = (await api('POST', '/links', { target: 'https://shop.example/', track_conversions: true })).body;
  const clickId = (await visitTarget(t, link.slug)).searchParams.get('lh_cid');
  const body = { click_id: clickId, event_name: 'Sign up', customer_id: 'cus_7', customer_email: 'seven@example.com', metadata: { plan: 'trial' } };
  const lead = (await api('POST', '/track/lead', body)).body;
  expect((await api('POST', '/track/lead', body)).body).toEqual(lead);
  const sale = (await api('POST', '/track/sale', { customer_id: 'cus_7', amount: 1234, currency: 'CHF', invoice_id: 'inv_7' })).body;
  expect((await api('POST', '/track/sale', { customer_id: 'cus_7', amount: 1234, currency: 'CHF', invoice_id: 'inv_7' })).body).toEqual(sale);

  await t.deps.bus.settle();
  await t.deps.queue.idle();
  await rx.waitFor(2);
  await Bun.sleep(200); // nothing more should arrive
  const events = rx.received.filter((r) => r.path === '/crm').map((r) => JSON.parse(r.body));
  expect(events.map((e) => e.type).sort()).toEqual(['lead.created', 'sale.created']);
  const of = (type: string) => events.find((e) => e.type === type)!;
  expect(of('lead.created').workspace_id).toBe(ws.workspaceId);
  expect(of('lead.created').data).toEqual({
    lead_id: lead.lead_id,
    click_id: clickId,
    link_id: link.id,
    customer_id: 'cus_7',
    event_name: 'Sign up',
    customer_email: 'seven@example.com',
    customer_name: null,
    metadata: { plan: 'trial' },
    created_at: expect.any(String),
  });
  expect(of('sale.created').data).toEqual({
    sale_id: sale.sale_id,
    lead_id: lead.lead_id,
    link_id: link.id,
    customer_id: 'cus_7',
    event_name: 'Purchase',
    amount: 1234,
    currency: 'CHF',
    invoice_id: 'inv_7',
    metadata: null,
    created_at: expect.any(String),
  });
}, 30_000);
