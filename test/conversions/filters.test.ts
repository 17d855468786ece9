import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db';
import { conversionLeads } from '../../modules/conversions/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { storedClickAt } from './helpers';

/**
 * The funnel under the stats filter, in both modes: clicks of two tagged links from two countries
 * (and unknown), two devices and two referrers over five days, leads on most of them and sales on
 * some; every filter answers exactly what was sent, its rollup path (link attributes) and its raw
 * path (visitor dimensions) alike.
 */
const DAY = 86_400_000;
const dayStart = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
const date = (n: number) => new Date(dayStart - n * DAY).toISOString().slice(0, 10);

interface Sent {
  link: 'launch' | 'paid';
  country: string | null;
  device: string;
  referrer: string | null;
  day: number;
  lead: boolean;
  sale: { amount: number; currency: string } | null;
}
const N = 60;
const SENT: Sent[] = Array.from({ length: N }, (_, i) => ({
  link: i % 2 ? 'paid' : 'launch',
  country: ['DE', 'US', null][i % 3]!,
  device: ['mobile', 'desktop'][Math.floor(i / 2) % 2]!,
  referrer: [null, 'news.example.com'][Math.floor(i / 3) % 2]!,
  day: i % 5,
  lead: i % 4 !== 3,
  sale: i % 4 !== 3 && i % 3 !== 2 ? { amount: 100 + i, currency: i % 5 < 2 ? 'EUR' : 'USD' } : null,
}));

let t: TestApp;
let me: { workspaceId: string; key: string };
let other: { workspaceId: string; key: string };
const links: Record<string, any> = {};
let foreign: any;

beforeAll(async () => {
  t = await startTestApp();
  me = await t.bootstrap({ plan: 'pro' });
  other = await t.bootstrap({ plan: 'pro' });
  const link = async (ws: { workspaceId: string; key: string }, body: object) =>
    (await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { track_conversions: true, ...body } })).body;
  links.launch = await link(me, { target: 'https://shop.example/a', tags: ['launch'] });
  links.paid = await link(me, { target: 'https://shop.example/b', tags: ['paid'] });
  foreign = await link(other, { target: 'https://shop.example/f', tags: ['launch'] });
  const api = (ws: typeof me, path: string, body: unknown) => t.api('POST', `/workspaces/${ws.workspaceId}${path}`, { key: ws.key, body });
  for (const [i, s] of SENT.entries()) {
    // within its day and not after now, whenever the test runs
    const at = new Date(dayStart - s.day * DAY + Math.floor((Date.now() - dayStart) / 2) + i);
    const referer = s.referrer && `https://${s.referrer.replace('news', 'News')}/item?id=${i}`;
    const click = await storedClickAt(t, links[s.link], at, { country: s.country, device: s.device, referer, browser: 'Firefox', os: 'Linux' });
    if (s.lead) expect((await api(me, '/track/lead', { click_id: click, event_name: 'Sign up', customer_id: `c${i}` })).status).toBe(200);
    if (s.sale) expect((await api(me, '/track/sale', { customer_id: `c${i}`, ...s.sale })).status).toBe(200);
  }
  // the other workspace: a German mobile visit with a lead and a sale on its own link
  const click = await storedClickAt(t, foreign, new Date(), { country: 'DE', device: 'mobile' });
  expect((await api(other, '/track/lead', { click_id: click, event_name: 'Sign up', customer_id: 'f' })).status).toBe(200);
  expect((await api(other, '/track/sale', { customer_id: 'f', amount: 5000, currency: 'EUR' })).status).toBe(200);
});
afterAll(() => t.close());

const funnel = (query: Record<string, string>, ws = me) =>
  t.api('GET', `/workspaces/${ws.workspaceId}/stats/conversions?${new URLSearchParams(query)}`, { key: ws.key });

/** What was sent that `keep` lets through, from day `from` (days ago) on, as the funnel answers it. */
function expected(keep: (s: Sent) => boolean, fromDay = Infinity) {
  const kept = SENT.filter((s) => keep(s) && s.day <= fromDay);
  // leads and sales are made now: on today's date, whatever their click's day
  const leads = SENT.filter((s) => keep(s) && s.lead).length;
  const sales = SENT.filter((s) => keep(s) && s.sale).map((s) => ({ link: links[s.link].id as string, ...s.sale! }));
  const revenue = new Map<string, { sales: number; amount: number }>();
  const top = new Map<string, { currency: string; link_id: string; sales: number; amount: number }>();
  for (const s of sales) {
    const r = revenue.get(s.currency) ?? { sales: 0, amount: 0 };
    revenue.set(s.currency, { sales: r.sales + 1, amount: r.amount + s.amount });
    const key = `${s.currency}/${s.link}`;
    const l = top.get(key) ?? { currency: s.currency, link_id: s.link, sales: 0, amount: 0 };
    top.set(key, { ...l, sales: l.sales + 1, amount: l.amount + s.amount });
  }
  const clicksOn = (day: number) => kept.filter((s) => s.day === day).length;
  const days = [...new Set(kept.map((s) => s.day))].sort((a, b) => b - a);
  const revenueList = [...revenue].sort(([a], [b]) => a.localeCompare(b)).map(([currency, r]) => ({ currency, ...r }));
  return {
    clicks: kept.length,
    leads,
    sales: sales.length,
    revenue: revenueList,
    lead_rate: kept.length ? leads / kept.length : null,
    sale_rate: leads ? sales.length / leads : null,
    daily: (days.includes(0) || !leads ? days : [...days, 0]).map((d) => ({
      date: date(d),
      clicks: clicksOn(d),
      leads: d === 0 ? leads : 0,
      sales: d === 0 ? sales.length : 0,
      revenue: d === 0 ? revenueList : [],
    })),
    top_links: [...top.values()]
      .sort((a, b) => a.currency.localeCompare(b.currency) || b.amount - a.amount)
      .map((l) => ({ ...l, domain: links.launch.domain, slug: l.link_id === links.launch.id ? links.launch.slug : links.paid.slug })),
  };
}

const CASES: [string, (s: Sent) => boolean][] = [
  ['country:DE', (s) => s.country === 'DE'],
  ['country:DE,device:mobile', (s) => s.country === 'DE' && s.device === 'mobile'],
  ['country:de,country:us', (s) => s.country !== null],
  ['country:-', (s) => s.country === null],
  ['referrer:news.example.com', (s) => s.referrer === 'news.example.com'],
  ['referrer:-,device:desktop', (s) => s.referrer === null && s.device === 'desktop'],
  ['browser:Firefox,os:Linux', () => true],
  ['tag:launch', (s) => s.link === 'launch'],
  ['tag:launch,country:US', (s) => s.link === 'launch' && s.country === 'US'],
  ['country:FR', () => false],
];

describe('GET /stats/conversions?filter', () => {
  test('unfiltered: everything sent', async () => {
    expect((await funnel({})).body).toEqual(expected(() => true));
  });

  for (const [filter, keep] of CASES)
    test(`${filter}: exactly the matching clicks, their leads and their sales`, async () => {
      const res = await funnel({ filter });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected(keep));
    });

  test('link:<id>, and with link_id: that link; with a range: the clicks of its days and the leads and sales made in it', async () => {
    expect((await funnel({ filter: `link:${links.paid.id}` })).body).toEqual(expected((s) => s.link === 'paid'));
    expect((await funnel({ link_id: links.launch.id, filter: 'device:mobile' })).body).toEqual(expected((s) => s.link === 'launch' && s.device === 'mobile'));
    expect((await funnel({ from: date(2), filter: 'country:US' })).body).toEqual(expected((s) => s.country === 'US', 2));
    expect((await funnel({ from: date(2), filter: 'tag:paid' })).body).toEqual(expected((s) => s.link === 'paid', 2));
    // a range before today: the clicks of its days, no lead or sale (all made today)
    const past = (await funnel({ from: date(4), to: date(1), filter: 'country:DE' })).body;
    expect(past).toMatchObject({ clicks: SENT.filter((s) => s.country === 'DE' && s.day >= 1).length, leads: 0, sales: 0, revenue: [], top_links: [] });
  });

  test("another workspace's link, by filter: zero, never its data; its own link and an unmatched one answer nothing", async () => {
    const none = { clicks: 0, leads: 0, sales: 0, revenue: [], lead_rate: null, sale_rate: null, daily: [], top_links: [] };
    expect((await funnel({ filter: `link:${foreign.id}` })).body).toEqual(none);
    expect((await funnel({ filter: `link:${foreign.id},country:DE` })).body).toEqual(none);
    expect((await funnel({ link_id: links.launch.id, filter: `link:${links.paid.id}` })).body).toEqual(none);
    // the other workspace's own view of it is there (a DE mobile click with a lead and a sale)
    expect((await funnel({ filter: 'country:DE,tag:launch' }, other)).body).toMatchObject({ clicks: 1, leads: 1, sales: 1 });
  });

  test('400 {field: filter, code: invalid} for a bad filter', async () => {
    for (const filter of ['planet:mars', 'country', 'country:Germany', 'device:phone', 'link:nope', `tag:${'x'.repeat(2001)}`]) {
      const res = await funnel({ filter });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('filter');
      if (filter.length < 100) expect(res.body.code).toBe('invalid');
    }
  });
});

test('drizzle/0028 gives stored leads their click’s visitor dimensions; a lead whose click is gone stays unknown', async () => {
  const answers = await Promise.all(CASES.map(([filter]) => funnel({ filter })));
  const ws = me.workspaceId;
  const blank = () =>
    t.deps.db.update(conversionLeads).set({ country: '', referrer: '', browser: '', os: '', device: '' }).where(eq(conversionLeads.workspaceId, ws));
  const statements = readFileSync(`${import.meta.dir}/../../drizzle/0028_conversion_visitor.sql`, 'utf8').split('--> statement-breakpoint');
  const backfill = statements.at(-1)!;
  expect(backfill).toContain('UPDATE "conversion_leads"');
  await blank();
  await t.deps.db.execute(sql.raw(backfill));
  const again = await Promise.all(CASES.map(([filter]) => funnel({ filter })));
  expect(again.map((r) => r.body)).toEqual(answers.map((r) => r.body));

  // the clicks of the launch link dropped (retention): its leads stay unknown
  await blank();
  await t.deps.db.execute(sql`delete from clicks where link_id = ${links.launch.id}::uuid`);
  await t.deps.db.execute(sql.raw(backfill));
  const [unknown] = rowsOf<{ n: number }>(
    await t.deps.db.execute(sql`select count(*)::int as n from conversion_leads where workspace_id = ${ws} and device = '' and browser = ''`),
  );
  expect(unknown!.n).toBe(SENT.filter((s) => s.lead && s.link === 'launch').length);
  expect((await funnel({ filter: 'tag:launch,device:-' })).body.leads).toBe(unknown!.n);
});
