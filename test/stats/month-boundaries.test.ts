import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db';
import { closeFacetDays } from '../../modules/clicks/facets';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedClicks } from '../helpers/clicks';

// A range reads the month rows of its whole months and the day rows of its ends (modules/clicks/stats.ts):
// every answer must be what the clicks themselves say, wherever the range starts and ends.
interface Seeded {
  at: string;
  country: string | null;
  device: string;
  visitor: number;
  link: 'a' | 'b';
}
const CLICKS: Seeded[] = [
  { at: '2025-01-31T23:59:00Z', country: 'DE', device: 'mobile', visitor: 1, link: 'a' },
  { at: '2025-02-01T00:00:00Z', country: 'DE', device: 'desktop', visitor: 1, link: 'a' },
  { at: '2025-02-01T10:00:00Z', country: 'US', device: 'desktop', visitor: 2, link: 'b' },
  { at: '2025-02-14T12:00:00Z', country: 'FR', device: 'tablet', visitor: 3, link: 'a' },
  { at: '2025-02-28T23:00:00Z', country: null, device: 'mobile', visitor: 1, link: 'b' },
  { at: '2025-03-01T00:30:00Z', country: 'US', device: 'mobile', visitor: 2, link: 'a' },
  { at: '2025-03-01T08:00:00Z', country: 'US', device: 'desktop', visitor: 4, link: 'b' },
  { at: '2025-03-31T23:30:00Z', country: 'JP', device: 'desktop', visitor: 5, link: 'a' },
  { at: '2025-04-01T00:10:00Z', country: 'JP', device: 'mobile', visitor: 5, link: 'a' },
  { at: '2025-05-20T12:00:00Z', country: 'DE', device: 'mobile', visitor: 6, link: 'b' },
];
// [from, to] inclusive UTC days: inside a month, across one or two boundaries, whole months, single days at the edges
const RANGES: [string, string][] = [
  ['2025-01-31', '2025-02-01'],
  ['2025-02-01', '2025-02-28'],
  ['2025-02-02', '2025-02-27'],
  ['2025-01-15', '2025-03-15'],
  ['2025-02-01', '2025-03-31'],
  ['2025-02-15', '2025-04-01'],
  ['2025-01-01', '2025-05-31'],
  ['2025-03-01', '2025-03-01'],
  ['2025-03-31', '2025-05-20'],
  ['2025-04-02', '2025-05-19'],
  // an end month mostly inside the range is its month row less the days outside (modules/clicks/stats.ts's signedRange)
  ['2025-01-15', '2025-05-19'],
  ['2025-02-05', '2025-03-31'],
  ['2025-01-10', '2025-02-20'],
];

let t: TestApp;
let me: { workspaceId: string; key: string };
const links: Record<'a' | 'b', any> = {} as never;
beforeAll(async () => {
  t = await startTestApp();
  me = await t.bootstrap({ plan: 'pro' });
  for (const name of ['a', 'b'] as const) {
    links[name] = (await t.api('POST', `/workspaces/${me.workspaceId}/links`, { key: me.key, body: { target: `https://example.com/${name}` } })).body;
  }
  // in two batches per link: the second adds to the day and month rows the first made
  for (const name of ['a', 'b'] as const) {
    const mine = CLICKS.filter((c) => c.link === name).map(({ at, country, device, visitor }) => ({ at: new Date(at), country, device, visitor }));
    await seedClicks(t, links[name], mine.slice(0, 2));
    await seedClicks(t, links[name], mine.slice(2));
  }
});
afterAll(() => t.close());

const inRange = (c: Seeded, [from, to]: [string, string]) => c.at.slice(0, 10) >= from && c.at.slice(0, 10) <= to;
const counted = (clicks: Seeded[], key: (c: Seeded) => string | null) => {
  const counts = new Map<string | null, number>();
  for (const c of clicks) counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
  return counts;
};
const asMap = (rows: any[], key: string) => new Map(rows.map((r) => [r[key], r.clicks]));
const get = async (path: string) => {
  const res = await t.api('GET', `/workspaces/${me.workspaceId}${path}`, { key: me.key });
  expect(res.status).toBe(200);
  return res.body;
};

test.each(RANGES)('workspace countries, devices and top links from %s to %s are those of the clicks', async (from, to) => {
  const clicks = CLICKS.filter((c) => inRange(c, [from, to]));
  expect(asMap((await get(`/stats/countries?from=${from}&to=${to}`)).countries, 'country')).toEqual(counted(clicks, (c) => c.country));
  expect(asMap((await get(`/stats/devices?from=${from}&to=${to}`)).devices, 'device')).toEqual(counted(clicks, (c) => c.device));
  const top = (await get(`/stats/links?from=${from}&to=${to}`)).links;
  expect(new Map(top.map((l: any) => [l.link_id, l.clicks]))).toEqual(counted(clicks, (c) => links[c.link].id));
});

// a link's breakdowns read its closed months ('c' rows) and the day rows of the rest (modules/clicks/stats.ts's linkCountsIn)
async function expectLinkStats(from: string, to: string) {
  const clicks = CLICKS.filter((c) => c.link === 'a' && inRange(c, [from, to]));
  const body = await get(`/links/${links.a.id}/stats?from=${from}&to=${to}`);
  expect(asMap(body.countries, 'country')).toEqual(counted(clicks, (c) => c.country));
  expect(asMap(body.devices, 'device')).toEqual(counted(clicks, (c) => c.device));
  expect(body.days.reduce((n: number, d: any) => n + d.clicks, 0)).toBe(clicks.length);
  // unique visitors count once per UTC day
  const visitorDays = new Set(clicks.map((c) => `${c.visitor}:${c.at.slice(0, 10)}`));
  expect(body.days.reduce((n: number, d: any) => n + d.visitors, 0)).toBe(visitorDays.size);
  // all-time figures do not depend on the range
  const all = CLICKS.filter((c) => c.link === 'a');
  expect(body.total_clicks).toBe(all.length);
  expect(body.total_countries).toBe(new Set(all.flatMap((c) => (c.country ? [c.country] : []))).size);
}
test.each(RANGES)("a link's stats from %s to %s are those of its clicks", expectLinkStats);

test('all-time workspace summary: the month rows hold every click once', async () => {
  const summary = await get('/stats/summary');
  expect(summary).toMatchObject({ total_clicks: CLICKS.length, total_countries: 4 });
  // the workspace counts a visitor once per day across its links
  expect(summary.unique_visitors).toBe(new Set(CLICKS.map((c) => `${c.visitor}:${c.at.slice(0, 10)}`)).size);
  expect(asMap((await get('/stats/countries')).countries, 'country')).toEqual(counted(CLICKS, (c) => c.country));
});

/** A link's closed months against the sums of its day rows of closed days: what the closing and late batches must keep equal. */
async function expectClosedMonthsOfDays() {
  const counts = 'clicks::int8::text as clicks, visitors::int8::text as visitors, country, referrer, browser, os, device, language';
  const rows = async (query: string) => rowsOf(await t.deps.db.execute(sql.raw(query))).map((r) => JSON.stringify(r));
  const closed = await rows(`select link_id, start::text, ${counts} from click_link_periods where period = 'c' order by 1, 2`);
  const days = await rows(`
    select link_id, date_trunc('month', start)::date::text as start, sum(clicks)::int8::text as clicks, sum(visitors)::int8::text as visitors,
      click_counts_sum(country) as country, click_counts_sum(referrer) as referrer, click_counts_sum(browser) as browser,
      click_counts_sum(os) as os, click_counts_sum(device) as device, click_counts_sum(language) as language
    from click_link_periods where period = 'd' and start < coalesce((select until from click_facets_closed), 'infinity'::date)
    group by 1, 2 order by 1, 2`);
  expect(closed.length).toBeGreaterThan(0);
  expect(closed).toEqual(days);
}

// only unfiltered figures are asked here: the facet rows (filtered ones) are left aside when days are reopened below
describe('closed months and open days', () => {
  beforeAll(async () => {
    // as a database whose days from 2025-02-14 are open: drizzle/0041's back-fill makes the closed months of the days before
    await t.deps.db.execute(sql`insert into click_facets_closed (until) values ('2025-02-14') on conflict (one) do update set until = excluded.until`);
    await t.deps.db.execute(sql`delete from click_link_periods where period = 'c'`);
    const migration = readFileSync(new URL('../../drizzle/0041_click_link_closed_months.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((s) => s.includes('INSERT'))) await t.deps.db.execute(sql.raw(statement));
  });

  test('the back-fill makes the closed months of the closed days', expectClosedMonthsOfDays);
  test.each(RANGES)("with days open from 2025-02-14, a link's stats from %s to %s are those of its clicks", expectLinkStats);

  test('closing days adds them to their closed months; late clicks of closed days go into them, clicks of open days do not', async () => {
    expect(await closeFacetDays(t.deps.db, new Date('2025-04-15T12:00:00Z'))).toHaveLength(60);
    await expectClosedMonthsOfDays();
    for (const [from, to] of RANGES) await expectLinkStats(from, to);
    const late: Seeded[] = [
      { at: '2025-03-10T12:00:00Z', country: 'BR', device: 'tablet', visitor: 7, link: 'a' },
      { at: '2025-02-01T09:00:00Z', country: 'DE', device: 'mobile', visitor: 8, link: 'a' },
      { at: '2025-05-21T12:00:00Z', country: 'CA', device: 'desktop', visitor: 7, link: 'a' },
    ];
    await seedClicks(
      t,
      links.a,
      late.map(({ at, country, device, visitor }) => ({ at: new Date(at), country, device, visitor })),
    );
    CLICKS.push(...late);
    await expectClosedMonthsOfDays();
    for (const [from, to] of RANGES) await expectLinkStats(from, to);
  });
});
