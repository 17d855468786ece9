import { afterAll, beforeAll, expect, test } from 'bun:test';
import { flushClicks } from '../../modules/clicks/recorder';
import { rebuildConversionRollups } from '../../modules/conversions/rollup';
import { startTestApp, type TestApp } from '../helpers/app';
import { visitTarget } from './helpers';

/**
 * The attribution bar at full size, in both modes: 10,000 visits of links with
 * track_conversions, 1,000 leads and 300 sales (20 of them repeating an invoice_id) through the
 * API; the funnel answers exactly what was sent, per link and per currency.
 */
const LINKS = 10;
const CLICKS = 10_000;
const LEADS = 1_000;
const SALES = 300;
const REPEATED = 20;
const CURRENCIES = ['EUR', 'USD', 'JPY'];
const PARALLEL = 20;

let t: TestApp;
let ws: { workspaceId: string; key: string };

beforeAll(async () => {
  t = await startTestApp();
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks']);
  ws = await t.bootstrap({ plan: 'pro' });
});
afterAll(() => t.close());

const api = (method: string, path: string, body?: unknown) => t.api(method, `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });

/** Runs `task` for 0..n-1, PARALLEL at a time. */
async function inParallel<T>(n: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < n; start += PARALLEL)
    results.push(...(await Promise.all(Array.from({ length: Math.min(PARALLEL, n - start) }, (_, k) => task(start + k)))));
  return results;
}

test(`${CLICKS} clicks, ${LEADS} leads, ${SALES} sales (${REPEATED} repeated invoice ids): the funnel is exact per link and currency`, async () => {
  const links = await inParallel(LINKS, async (i) => (await api('POST', '/links', { target: `https://shop.example/${i}`, track_conversions: true })).body);
  const clicks = await inParallel(CLICKS, async (i) => {
    const link = links[i % LINKS];
    return { link: link.id as string, id: (await visitTarget(t, link.slug)).searchParams.get('lh_cid')! };
  });
  expect(new Set(clicks.map((c) => c.id)).size).toBe(CLICKS);
  await flushClicks(t.deps);

  // a lead on every tenth click: customer i came through click 10 i
  const leads = await inParallel(LEADS, async (i) => {
    const click = clicks[i * (CLICKS / LEADS)]!;
    const res = await api('POST', '/track/lead', { click_id: click.id, event_name: 'Sign up', customer_id: `cus_${i}` });
    expect(res.body.link_id).toBe(click.link);
    return click.link;
  });

  const expected = new Map<string, { clicks: number; leads: number; sales: number; revenue: Map<string, { sales: number; amount: number }> }>();
  const of = (link: string) => {
    if (!expected.has(link)) expected.set(link, { clicks: 0, leads: 0, sales: 0, revenue: new Map() });
    return expected.get(link)!;
  };
  for (const click of clicks) of(click.link).clicks++;
  for (const link of leads) of(link).leads++;
  // sale i: customer i, invoice inv_i; the last REPEATED calls repeat the first REPEATED invoices (the same sale again)
  const sale = (i: number) => ({ customer_id: `cus_${i}`, amount: 100 + i, currency: CURRENCIES[i % CURRENCIES.length]!, invoice_id: `inv_${i}` });
  const distinct = SALES - REPEATED;
  const answers = await inParallel(distinct, async (i) => {
    const res = await api('POST', '/track/sale', sale(i));
    expect(res.status).toBe(200);
    const counted = of(leads[i]!);
    counted.sales++;
    const sum = counted.revenue.get(sale(i).currency) ?? { sales: 0, amount: 0 };
    counted.revenue.set(sale(i).currency, { sales: sum.sales + 1, amount: sum.amount + sale(i).amount });
    return res.body.sale_id;
  });
  const repeats = await inParallel(REPEATED, async (i) => (await api('POST', '/track/sale', sale(i))).body.sale_id);
  expect(repeats).toEqual(answers.slice(0, REPEATED));

  const funnel = (entries: typeof expected extends Map<string, infer V> ? V[] : never) => {
    const revenue = new Map<string, { sales: number; amount: number }>();
    for (const e of entries)
      for (const [currency, sum] of e.revenue) {
        const total = revenue.get(currency) ?? { sales: 0, amount: 0 };
        revenue.set(currency, { sales: total.sales + sum.sales, amount: total.amount + sum.amount });
      }
    return {
      clicks: entries.reduce((n, e) => n + e.clicks, 0),
      leads: entries.reduce((n, e) => n + e.leads, 0),
      sales: entries.reduce((n, e) => n + e.sales, 0),
      revenue: [...revenue].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sum]) => ({ currency, ...sum })),
    };
  };
  const all = (await api('GET', '/stats/conversions')).body;
  expect(all).toMatchObject(funnel([...expected.values()]));
  expect(all).toMatchObject({ clicks: CLICKS, leads: LEADS, sales: distinct, lead_rate: LEADS / CLICKS, sale_rate: distinct / LEADS });
  // top links: per currency, each link's revenue, most first
  for (const currency of CURRENCIES) {
    const ranked = [...expected]
      .filter(([, e]) => e.revenue.has(currency))
      .map(([link, e]) => ({ link_id: link, ...e.revenue.get(currency)! }))
      .sort((a, b) => b.amount - a.amount);
    expect(
      all.top_links.filter((l: { currency: string }) => l.currency === currency).map(({ link_id, sales, amount }: any) => ({ link_id, sales, amount })),
    ).toEqual(ranked);
  }
  const perLink = new Map<string, unknown>();
  for (const link of links) {
    const answer = (await api('GET', `/stats/conversions?link_id=${link.id}`)).body;
    expect(answer).toMatchObject(funnel([of(link.id)]));
    perLink.set(link.id, answer);
  }

  // a rebuild of the rollups from the stored leads and sales gives the same answers
  await rebuildConversionRollups(t.deps.db, ws.workspaceId);
  expect((await api('GET', '/stats/conversions')).body).toEqual(all);
  for (const link of links) expect((await api('GET', `/stats/conversions?link_id=${link.id}`)).body).toEqual(perLink.get(link.id));
}, 300_000);
