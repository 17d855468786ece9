import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestApp, SITE_URL, type TestApp } from '../helpers/app';
import { storedClickAt, visitTarget } from './helpers';

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
  expect(all).toMatchObject({ clicks: 1, leads: 1, sales: 1, revenue: [{ currency: 'GBP', sales: 1, amount: 1999 }], lead_rate: 1, sale_rate: 1 });
  expect(all).toEqual((await api('GET', '/stats/conversions')).body);
  const today = new Date().toISOString().slice(0, 10);
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

test('get_conversions and get_stats take filter: the same answers as the REST routes with it; a bad filter is a 400 tool error', async () => {
  const me = await t.bootstrap({ plan: 'pro' });
  const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${me.workspaceId}${path}`, { key: me.key, body });
  const link = (await api('POST', '/links', { target: 'https://shop.example/', track_conversions: true, tags: ['launch'] })).body;
  const visits = [
    { country: 'DE', device: 'mobile', customer: 'de' },
    { country: 'US', device: 'mobile', customer: 'us' },
    { country: 'DE', device: 'desktop', customer: null },
  ];
  for (const v of visits) {
    const click = await storedClickAt(t, link, new Date(), { country: v.country, device: v.device });
    if (!v.customer) continue;
    expect((await api('POST', '/track/lead', { click_id: click, event_name: 'Sign up', customer_id: v.customer })).status).toBe(200);
    expect((await api('POST', '/track/sale', { customer_id: v.customer, amount: 700, currency: 'EUR' })).status).toBe(200);
  }

  const client = await connect(me.key);
  const tool = async (name: string, args: Record<string, unknown>) => data(await client.callTool({ name, arguments: args }));
  const german = await tool('get_conversions', { filter: 'country:DE' });
  expect(german).toMatchObject({ clicks: 2, leads: 1, sales: 1, revenue: [{ currency: 'EUR', sales: 1, amount: 700 }], lead_rate: 0.5, sale_rate: 1 });
  expect(german).toEqual((await api('GET', '/stats/conversions?filter=country:DE')).body);
  expect(await tool('get_conversions', { link_id: link.id, filter: 'device:mobile,tag:launch' })).toMatchObject({ clicks: 2, leads: 2, sales: 2 });

  const summary = await tool('get_stats', { filter: 'device:mobile' });
  expect(summary).toMatchObject({ total_clicks: 2, unique_visitors: null });
  expect(summary).toEqual((await api('GET', '/stats/summary?filter=device:mobile')).body);
  const linkStats = await tool('get_stats', { link_id: link.id, filter: 'country:US' });
  expect(linkStats).toMatchObject({ total_clicks: 1, countries: [{ country: 'US', clicks: 1 }] });
  expect(linkStats).toEqual((await api('GET', `/links/${link.id}/stats?filter=country:US`)).body);

  const tools = (await client.listTools()).tools;
  for (const name of ['get_stats', 'get_conversions'])
    expect((tools.find((x) => x.name === name)!.inputSchema.properties as any).filter.description).toContain('dimension:value');
  for (const name of ['get_stats', 'get_conversions']) {
    const bad = await client.callTool({ name, arguments: { filter: 'planet:mars' } });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toMatchObject({ status: 400, field: 'filter', code: 'invalid' });
  }
  await client.close();
});
