import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestApp, SITE_URL, type TestApp } from '../helpers/app';
import { visitTarget } from './helpers';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks']);
  base = await t.listen();
});
afterAll(() => t.close());

async function connect(key: string) {
  const client = new Client({ name: 'linkhop-test', version: '1.0.0' });
  const headers = { host: new URL(SITE_URL).host, 'x-api-key': key };
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}
const data = (result: any) => JSON.parse(result.content[0].text);

test('get_conversions answers what GET /stats/conversions answers; 404 for an unknown link, 402 below Pro', async () => {
  const me = await t.bootstrap({ plan: 'pro' });
  const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${me.workspaceId}${path}`, { key: me.key, body });
  const link = (await api('POST', '/links', { target: 'https://shop.example/', track_conversions: true })).body;
  const clickId = (await visitTarget(t, link.slug)).searchParams.get('lh_cid');
  expect((await api('POST', '/track/lead', { click_id: clickId, event_name: 'Sign up', customer_id: 'c1' })).status).toBe(200);
  expect((await api('POST', '/track/sale', { customer_id: 'c1', amount: 1999, currency: 'GBP' })).status).toBe(200);

  const client = await connect(me.key);
  const all = data(await client.callTool({ name: 'get_conversions', arguments: {} }));
  const today = new Date().toISOString().slice(0, 10);
  const gbp = [{ currency: 'GBP', sales: 1, amount: 1999 }];
  expect(all).toEqual({
    clicks: 1,
    leads: 1,
    sales: 1,
    revenue: gbp,
    lead_rate: 1,
    sale_rate: 1,
    daily: [{ date: today, clicks: 1, leads: 1, sales: 1, revenue: gbp }],
    top_links: [{ currency: 'GBP', link_id: link.id, domain: link.domain, slug: link.slug, sales: 1, amount: 1999 }],
  });
  expect(all).toEqual((await api('GET', '/stats/conversions')).body);
  expect(data(await client.callTool({ name: 'get_conversions', arguments: { link_id: link.id, from: today, to: today } }))).toEqual(all);
  const unknown = await client.callTool({ name: 'get_conversions', arguments: { link_id: 'nope' } });
  expect(unknown.content).toEqual([{ type: 'text', text: '404: Link not found' }]);
  await client.close();

  const free = await t.bootstrap({ plan: 'free' });
  const freeClient = await connect(free.key);
  const refused = await freeClient.callTool({ name: 'get_conversions', arguments: {} });
  expect(refused.isError).toBe(true);
  expect((refused.structuredContent as any).status).toBe(402);
  await freeClient.close();
});
