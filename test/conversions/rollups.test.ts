import { afterAll, beforeAll, expect, test } from 'bun:test';
import { rebuildConversionRollups } from '../../modules/conversions/rollup';
import { conversionLeads, conversionSales } from '../../modules/conversions/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { storedClickAt } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function trackingWorkspace() {
  const ws = await t.bootstrap({ plan: 'pro' });
  const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
  const link = (await api('POST', '/links', { target: 'https://shop.example/', track_conversions: true })).body;
  return { ws, api, link };
}

test('leads and sales stored while rollups are rebuilt again and again: none lost, none counted twice', async () => {
  const { ws, api, link } = await trackingWorkspace();
  const N = 60;
  const clicks = await Promise.all(Array.from({ length: N }, () => storedClickAt(t, link, new Date())));
  let rebuilding = true;
  let rebuilds = 0;
  const rebuilder = (async () => {
    while (rebuilding) {
      await rebuildConversionRollups(t.deps.db, ws.workspaceId);
      rebuilds++;
    }
  })();
  const statuses = await Promise.all(
    clicks.map(async (click_id, i) => {
      const lead = await api('POST', '/track/lead', { click_id, event_name: 'Sign up', customer_id: `c${i}` });
      // every sale twice at once (the same invoice id): one sale
      const [a, b] = await Promise.all(
        [0, 1].map(() => api('POST', '/track/sale', { customer_id: `c${i}`, amount: 100 + i, currency: i % 2 ? 'EUR' : 'JPY', invoice_id: `inv${i}` })),
      );
      return [lead.status, a!.status, b!.status, a!.body.sale_id === b!.body.sale_id];
    }),
  );
  rebuilding = false;
  await rebuilder;
  expect(rebuilds).toBeGreaterThan(1);
  expect(statuses.every((s) => s.join() === '200,200,200,true')).toBe(true);
  const sum = (odd: boolean) =>
    Array.from({ length: N }, (_, i) => i)
      .filter((i) => i % 2 === (odd ? 1 : 0))
      .reduce((n, i) => n + 100 + i, 0);
  const expected = {
    clicks: N,
    leads: N,
    sales: N,
    revenue: [
      { currency: 'EUR', sales: N / 2, amount: sum(true) },
      { currency: 'JPY', sales: N / 2, amount: sum(false) },
    ],
  };
  const answer = (await api('GET', '/stats/conversions')).body;
  expect(answer).toMatchObject(expected);
  await rebuildConversionRollups(t.deps.db, ws.workspaceId);
  expect((await api('GET', '/stats/conversions')).body).toEqual(answer);

  // a deleted link keeps its conversions counted; it has no short URL any more
  expect((await api('DELETE', `/links/${link.id}`)).status).toBeLessThan(300);
  const after = (await api('GET', '/stats/conversions')).body;
  expect(after).toMatchObject({ leads: N, sales: N, revenue: expected.revenue });
  expect(after.top_links).toEqual([
    { currency: 'EUR', link_id: link.id, domain: null, slug: null, sales: N / 2, amount: sum(true) },
    { currency: 'JPY', link_id: link.id, domain: null, slug: null, sales: N / 2, amount: sum(false) },
  ]);
});

test("a rebuild counts each lead and sale on its own UTC day, and touches no other workspace's rollups", async () => {
  const { ws, api, link } = await trackingWorkspace();
  const other = await trackingWorkspace();
  const otherClick = await storedClickAt(t, other.link, new Date());
  await other.api('POST', '/track/lead', { click_id: otherClick, event_name: 'Sign up', customer_id: 'x' });
  await other.api('POST', '/track/sale', { customer_id: 'x', amount: 5, currency: 'USD' });
  const otherBefore = (await other.api('GET', '/stats/conversions')).body;

  // rows as an older release stored them, before the rollups existed: only a rebuild counts them
  const day = (d: string) => new Date(`${d}T23:59:59.999Z`);
  const click = await storedClickAt(t, link, new Date());
  const lead = { workspaceId: ws.workspaceId, linkId: link.id, clickId: click, clickedAt: new Date(), eventName: 'Sign up' };
  await t.deps.db.insert(conversionLeads).values([
    { ...lead, id: 'lead-old-1', customerId: 'old1', createdAt: day('2026-03-01') },
    { ...lead, id: 'lead-old-2', customerId: 'old2', createdAt: day('2026-03-02') },
  ]);
  const sale = { workspaceId: ws.workspaceId, linkId: link.id, eventName: 'Purchase' };
  await t.deps.db.insert(conversionSales).values([
    { ...sale, id: 'sale-old-1', leadId: 'lead-old-1', customerId: 'old1', amount: 300, currency: 'EUR', createdAt: day('2026-03-01') },
    { ...sale, id: 'sale-old-2', leadId: 'lead-old-2', customerId: 'old2', amount: 200, currency: 'EUR', createdAt: new Date('2026-03-03T00:00:00Z') },
  ]);
  expect((await api('GET', '/stats/conversions?from=2026-03-01&to=2026-03-31')).body.leads).toBe(0);
  await rebuildConversionRollups(t.deps.db, ws.workspaceId);
  const march = (await api('GET', '/stats/conversions?from=2026-03-01&to=2026-03-31')).body;
  expect(march).toMatchObject({ leads: 2, sales: 2, revenue: [{ currency: 'EUR', sales: 2, amount: 500 }] });
  expect(march.daily).toEqual([
    { date: '2026-03-01', clicks: 0, leads: 1, sales: 1, revenue: [{ currency: 'EUR', sales: 1, amount: 300 }] },
    { date: '2026-03-02', clicks: 0, leads: 1, sales: 0, revenue: [] },
    { date: '2026-03-03', clicks: 0, leads: 0, sales: 1, revenue: [{ currency: 'EUR', sales: 1, amount: 200 }] },
  ]);
  expect((await api('GET', '/stats/conversions?from=2026-03-02&to=2026-03-02')).body).toMatchObject({ leads: 1, sales: 0, revenue: [] });
  expect((await other.api('GET', '/stats/conversions')).body).toEqual(otherBefore);
});
