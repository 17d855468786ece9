import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import Papa from 'papaparse';
import { conversionLeads, conversionSales } from '../../modules/conversions/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';
import { storedClickAt } from './helpers';

const COLUMNS = 'type,id,created_at,link_id,domain,slug,click_id,customer_id,customer_email,customer_name,event_name,amount,currency,invoice_id';

let t: TestApp;
let ws: { workspaceId: string; key: string };

beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'pro' });
});
afterAll(() => t.close());

const api = (method: string, path: string, body?: unknown, as = ws) => t.api(method, `/workspaces/${as.workspaceId}${path}`, { key: as.key, body });

async function exportOf(key: string, workspaceId = ws.workspaceId) {
  const res = await t.app.handle(new Request(`http://linkhop.test/api/workspaces/${workspaceId}/export/conversions`, { headers: { 'x-api-key': key } }));
  return { status: res.status, headers: res.headers, text: await res.text() };
}
const rowsOf = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

describe('GET /export/conversions', () => {
  test('every lead and sale, newest first, with link, click id, customer, amount, currency and time; formula cells neutralised', async () => {
    const link = (await api('POST', '/links', { target: 'https://shop.example/', track_conversions: true })).body;
    const click = await storedClickAt(t, link, new Date());
    const lead = (
      await api('POST', '/track/lead', {
        click_id: click,
        event_name: '=HYPERLINK("https://evil.example")',
        customer_id: '@SUM(1)',
        customer_email: 'a,"b"@example.com',
        customer_name: '+cmd|/c calc',
      })
    ).body;
    const sale = (await api('POST', '/track/sale', { customer_id: '@SUM(1)', amount: 4999, currency: 'EUR', invoice_id: '-2+3' })).body;
    await Bun.sleep(5);
    const second = (await api('POST', '/track/sale', { customer_id: '@SUM(1)', amount: 100, currency: 'JPY' })).body;

    const res = await exportOf(ws.key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=conversions-.+\.csv$/);
    expect(res.text.split('\r\n')[0]).toBe(COLUMNS);
    const rows = rowsOf(res.text);
    expect(rows.map((r) => [r.type, r.id])).toEqual([
      ['sale', second.sale_id],
      ['sale', sale.sale_id],
      ['lead', lead.lead_id],
    ]);
    const common = {
      link_id: link.id,
      domain: link.domain,
      slug: link.slug,
      click_id: click,
      customer_id: `'@SUM(1)`,
      customer_email: 'a,"b"@example.com',
      customer_name: `'+cmd|/c calc`,
    };
    expect(rows[1]).toEqual({
      type: 'sale',
      id: sale.sale_id,
      created_at: expect.any(String),
      ...common,
      event_name: 'Purchase',
      amount: '4999',
      currency: 'EUR',
      invoice_id: `'-2+3`,
    });
    expect(rows[0]).toMatchObject({ amount: '100', currency: 'JPY', invoice_id: '' });
    expect(rows[2]).toEqual({
      type: 'lead',
      id: lead.lead_id,
      created_at: expect.any(String),
      ...common,
      event_name: `'=HYPERLINK("https://evil.example")`,
      amount: '',
      currency: '',
      invoice_id: '',
    });
    expect(rows[2]!.created_at).toBe(new Date(rows[2]!.created_at!).toISOString());
  });

  test('thousands of rows with equal times: every one exactly once across the pages', async () => {
    const own = await t.bootstrap({ plan: 'pro' });
    const at = new Date('2026-06-01T12:00:00.123456Z');
    const base = { workspaceId: own.workspaceId, linkId: 'gone', clickId: 'c', clickedAt: at, eventName: 'Sign up', createdAt: at };
    const leads = Array.from({ length: 1500 }, (_, i) => ({ ...base, id: `lead-${String(i).padStart(5, '0')}`, customerId: `c${i}` }));
    await t.deps.db.insert(conversionLeads).values(leads);
    const sales = Array.from({ length: 700 }, (_, i) => ({
      workspaceId: own.workspaceId,
      linkId: 'gone',
      leadId: leads[i]!.id,
      customerId: `c${i}`,
      eventName: 'Purchase',
      amount: i,
      currency: 'EUR',
      id: `sale-${String(i).padStart(5, '0')}`,
      createdAt: new Date(at.getTime() + (i % 2) * 1000),
    }));
    await t.deps.db.insert(conversionSales).values(sales);
    const rows = rowsOf((await exportOf(own.key, own.workspaceId)).text);
    expect(rows).toHaveLength(2200);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2200);
    // newest first: the later sales, then equal times by id, descending
    expect(rows[0]!.id).toBe('sale-00699');
    expect(rows.at(-1)!.id).toBe('lead-00000');
    // a deleted link: no domain or slug
    expect(rows[0]).toMatchObject({ link_id: 'gone', domain: '', slug: '' });
  });

  test('401 without a key, 404 for another workspace, 403 below admin, 402 below Pro', async () => {
    expect((await t.api('GET', `/workspaces/${ws.workspaceId}/export/conversions`)).status).toBe(401);
    const other = await t.bootstrap({ plan: 'pro' });
    expect((await exportOf(other.key)).status).toBe(404);
    for (const role of ['viewer', 'editor'] as const) expect((await exportOf((await memberWithKey(t, ws.workspaceId, role, 'pro')).key)).status).toBe(403);
    const free = await t.bootstrap({ plan: 'free' });
    expect((await exportOf(free.key, free.workspaceId)).status).toBe(402);
    expect((await exportOf((await memberWithKey(t, ws.workspaceId, 'admin', 'pro')).key)).status).toBe(200);
  });
});
