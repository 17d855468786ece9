import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedClicks } from '../helpers/clicks';
import { memberWithKey } from '../helpers/members';

const DAY = 86_400_000;
const dayStart = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
const daysAgo = (n: number, hour = 12) => new Date(dayStart - n * DAY + hour * 3_600_000);
const date = (n: number) => new Date(dayStart - n * DAY).toISOString().slice(0, 10);

let t: TestApp;
let me: { userId: string; workspaceId: string; key: string };
let a: any;
let b: any;
let foreign: any;
let stranger: { workspaceId: string; key: string };

beforeAll(async () => {
  t = await startTestApp();
  // the clicks queue's jobs (a deleted link's cascade) run in this process
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks']);
  me = await t.bootstrap({ plan: 'pro' });
  stranger = await t.bootstrap({ plan: 'pro' });
  const link = async (key: string, ws: string) => (await t.api('POST', `/workspaces/${ws}/links`, { key, body: { target: 'https://example.com/' } })).body;
  a = await link(me.key, me.workspaceId);
  b = await link(me.key, me.workspaceId);
  foreign = await link(stranger.key, stranger.workspaceId);
  const now = new Date();
  await seedClicks(t, a, [
    // visitors: 1 twice and 2 today (the same visitor hash on another link counts again for that link only)
    { at: now, country: 'DE', referer: 'https://twitter.com/some/post', device: 'mobile', browser: 'Safari', os: 'iOS', visitor: 1 },
    { at: now, country: 'DE', referer: 'https://t.co/abc?x=1', device: 'desktop', browser: 'Chrome', os: 'Windows', visitor: 1 },
    { at: now, country: 'US', referer: null, device: 'desktop', browser: 'Chrome', os: 'macOS', visitor: 2 },
    { at: daysAgo(1), country: 'FR', referer: 'https://Twitter.com/other', device: 'tablet', browser: 'Safari', os: 'iPadOS', visitor: 1 },
    { at: daysAgo(1), country: null, referer: null, device: null, browser: null, os: null },
    { at: daysAgo(40), country: 'DE', referer: 'https://news.example.org/', device: 'desktop', browser: 'Firefox', os: 'Linux' },
  ]);
  await seedClicks(t, b, [
    { at: now, country: 'JP', device: 'mobile', browser: 'Chrome', os: 'Android', visitor: 1 },
    { at: daysAgo(3), country: 'US', device: 'desktop', browser: 'Chrome', os: 'Windows' },
    { at: daysAgo(3), country: 'US', device: 'desktop', browser: 'Edge', os: 'Windows' },
  ]);
  // another workspace's clicks never count here
  await seedClicks(t, foreign, [{ country: 'BR' }, { country: 'BR' }]);
});
afterAll(() => t.close());

const get = (path: string, key = me.key, ws = me.workspaceId) => t.api('GET', `/workspaces/${ws}${path}`, { key });

describe('GET /stats/summary', () => {
  test('totals of the workspace: links, clicks, distinct known countries, today (UTC)', async () => {
    const res = await get('/stats/summary');
    expect(res.status).toBe(200);
    // unique visitors are per UTC day: visitor 1 today and yesterday counts twice, visitor 2 once
    expect(res.body).toEqual({ total_links: 2, total_clicks: 9, total_countries: 4, today_clicks: 4, unique_visitors: 3, today_visitors: 2, bot_visits: 0 });
    expect((await get('/stats/summary', stranger.key, stranger.workspaceId)).body).toEqual({
      total_links: 1,
      total_clicks: 2,
      total_countries: 1,
      today_clicks: 2,
      unique_visitors: 0,
      today_visitors: 0,
      bot_visits: 0,
    });
  });

  test('zeros for a workspace without clicks', async () => {
    const empty = await t.bootstrap({ plan: 'team' });
    expect((await get('/stats/summary', empty.key, empty.workspaceId)).body).toEqual({
      total_links: 0,
      total_clicks: 0,
      total_countries: 0,
      today_clicks: 0,
      unique_visitors: 0,
      today_visitors: 0,
      bot_visits: 0,
    });
  });
});

describe('GET /stats/daily', () => {
  test('the last 30 days by default, zero-filled, oldest first', async () => {
    const res = await get('/stats/daily');
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.from).toBe(date(29));
    expect(res.body.to).toBe(date(0));
    expect(res.body.days[0]).toEqual({ date: date(29), clicks: 0, visitors: 0 });
    expect(res.body.days.at(-1)).toEqual({ date: date(0), clicks: 4, visitors: 2 });
    const byDate = Object.fromEntries(res.body.days.map((d: any) => [d.date, d.clicks]));
    expect(byDate[date(0)]).toBe(4);
    expect(byDate[date(1)]).toBe(2);
    expect(byDate[date(3)]).toBe(2);
    expect(res.body.days.reduce((s: number, d: any) => s + d.clicks, 0)).toBe(8);
  });

  test('from/to select inclusive UTC days', async () => {
    const res = await get(`/stats/daily?from=${date(41)}&to=${date(39)}`);
    expect(res.body.days).toEqual([
      { date: date(41), clicks: 0, visitors: 0 },
      { date: date(40), clicks: 1, visitors: 0 },
      { date: date(39), clicks: 0, visitors: 0 },
    ]);
    expect((await get(`/stats/daily?from=${date(1)}&to=${date(1)}`)).body.days).toEqual([{ date: date(1), clicks: 2, visitors: 1 }]);
    expect((await get(`/stats/daily?from=${date(365)}`)).body.days).toHaveLength(366);
  });

  test('400 for bad dates, reversed ranges and more than 366 days', async () => {
    const cases: [string, RegExp][] = [
      ['?from=2026-02-30', /from is not a valid date/],
      ['?to=yesterday', /YYYY-MM-DD/],
      ['?from=2026-1-01', /YYYY-MM-DD/],
      [`?from=${date(0)}&to=${date(1)}`, /after/],
      [`?from=${date(366)}`, /366/],
      ['?from=2024-01-01&to=2025-12-31', /366/],
    ];
    for (const [q, message] of cases) {
      const res = await get(`/stats/daily${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toMatch(message);
    }
  });
});

describe('breakdowns', () => {
  test('countries: most clicks first, unknown as null, limit', async () => {
    const res = await get('/stats/countries');
    expect(res.status).toBe(200);
    expect(res.body.countries).toEqual([
      { country: 'DE', clicks: 3 },
      { country: 'US', clicks: 3 },
      { country: 'FR', clicks: 1 },
      { country: 'JP', clicks: 1 },
      { country: null, clicks: 1 },
    ]);
    expect((await get('/stats/countries?limit=2')).body.countries).toEqual([
      { country: 'DE', clicks: 3 },
      { country: 'US', clicks: 3 },
    ]);
    expect((await get(`/stats/countries?from=${date(2)}`)).body.countries).toEqual([
      { country: 'DE', clicks: 2 },
      { country: 'FR', clicks: 1 },
      { country: 'JP', clicks: 1 },
      { country: 'US', clicks: 1 },
      { country: null, clicks: 1 },
    ]);
    for (const q of ['?limit=0', '?limit=101', '?limit=x', `?from=${date(0)}&to=${date(3)}`, '?from=2026-13-01'])
      expect((await get(`/stats/countries${q}`)).status, q).toBe(400);
  });

  test('referrers by host (case-insensitive), null for direct visits', async () => {
    const res = await get('/stats/referrers');
    expect(res.status).toBe(200);
    expect(res.body.referrers).toEqual([
      { referrer: null, clicks: 5 },
      { referrer: 'twitter.com', clicks: 2 },
      { referrer: 'news.example.org', clicks: 1 },
      { referrer: 't.co', clicks: 1 },
    ]);
  });

  test('devices, browsers and operating systems', async () => {
    const res = await get(`/stats/devices?to=${date(1)}&limit=3`);
    expect(res.status).toBe(200);
    // up to yesterday: a's two clicks of yesterday, b's two of 3 days ago, a's of 40 days ago
    expect(res.body).toEqual({
      devices: [
        { device: 'desktop', clicks: 3 },
        { device: 'tablet', clicks: 1 },
        { device: null, clicks: 1 },
      ],
      browsers: [
        { browser: 'Chrome', clicks: 1 },
        { browser: 'Edge', clicks: 1 },
        { browser: 'Firefox', clicks: 1 },
      ],
      os: [
        { os: 'Windows', clicks: 2 },
        { os: 'Linux', clicks: 1 },
        { os: 'iPadOS', clicks: 1 },
      ],
    });
  });
});

describe('new figures: weekly heatmap and top links', () => {
  const weekday = (d: Date) => ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][d.getUTCDay()];

  test('GET /stats/hourly: all 7 × 24 cells over the range, of the workspace or one link', async () => {
    const res = await get(`/stats/hourly?from=${date(3)}`);
    expect(res.status).toBe(200);
    expect(res.body.hours).toHaveLength(168);
    expect(res.body.hours[0]).toMatchObject({ day: 'mon', hour: 0 });
    expect(res.body.hours.reduce((s: number, h: any) => s + h.clicks, 0)).toBe(8);
    expect(res.body.hours.find((h: any) => h.day === weekday(daysAgo(3)) && h.hour === 12)).toEqual({
      day: weekday(daysAgo(3)),
      hour: 12,
      clicks: 2,
      visitors: 0,
    });
    const now = new Date();
    expect(res.body.hours.find((h: any) => h.day === weekday(now) && h.hour === now.getUTCHours()).visitors).toBe(2);
    const one = await get(`/stats/hourly?from=${date(3)}&link_id=${b.id}`);
    expect(one.body.hours.reduce((s: number, h: any) => s + h.clicks, 0)).toBe(3);
    expect((await get(`/stats/hourly?link_id=${foreign.id}`)).status).toBe(404);
    expect((await get(`/stats/hourly?from=${date(400)}`)).status).toBe(400);
  });

  test('GET /stats/links: the most clicked links over the range', async () => {
    const all = await get('/stats/links');
    expect(all.status).toBe(200);
    expect(all.body.links).toEqual([
      { link_id: a.id, domain: a.domain, slug: a.slug, title: null, clicks: 6 },
      { link_id: b.id, domain: b.domain, slug: b.slug, title: null, clicks: 3 },
    ]);
    expect((await get(`/stats/links?from=${date(3)}&to=${date(3)}`)).body.links).toEqual([
      { link_id: b.id, domain: b.domain, slug: b.slug, title: null, clicks: 2 },
    ]);
    expect((await get('/stats/links?limit=1')).body.links).toHaveLength(1);
  });
});

describe('GET /links/{id}/stats', () => {
  test('all-time totals, then the last 30 days of that link only', async () => {
    const res = await get(`/links/${a.id}/stats`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ link_id: a.id, total_clicks: 6, today_clicks: 3, total_countries: 3, unique_visitors: 3, from: date(29), to: date(0) });
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.reduce((s: number, d: any) => s + d.clicks, 0)).toBe(5);
    expect(res.body.countries).toEqual([
      { country: 'DE', clicks: 2 },
      { country: 'FR', clicks: 1 },
      { country: 'US', clicks: 1 },
      { country: null, clicks: 1 },
    ]);
    expect(res.body.referrers).toEqual([
      { referrer: 'twitter.com', clicks: 2 },
      { referrer: null, clicks: 2 },
      { referrer: 't.co', clicks: 1 },
    ]);
    expect(res.body.devices).toContainEqual({ device: 'desktop', clicks: 2 });
    expect(res.body.browsers).toContainEqual({ browser: 'Safari', clicks: 2 });
    expect(res.body.os).toHaveLength(5);

    const other = await get(`/links/${b.id}/stats?from=${date(3)}&to=${date(3)}`);
    expect(other.body).toMatchObject({
      total_clicks: 3,
      today_clicks: 1,
      total_countries: 2,
      days: [{ date: date(3), clicks: 2, visitors: 0 }],
      countries: [{ country: 'US', clicks: 2 }],
    });
    expect(other.body.browsers).toEqual([
      { browser: 'Chrome', clicks: 1 },
      { browser: 'Edge', clicks: 1 },
    ]);
  });

  test('404 for unknown links and other workspaces’ links; 400 bad range', async () => {
    expect((await get('/links/no-such-link/stats')).status).toBe(404);
    const res = await get(`/links/${foreign.id}/stats`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Link not found');
    expect((await get(`/links/${a.id}/stats?from=${date(400)}`)).status).toBe(400);
  });
});

describe('access', () => {
  test('401 without a key, 402 below Pro, viewers may read, 404 for non-members', async () => {
    const paths = [
      '/stats/summary',
      '/stats/daily',
      '/stats/countries',
      '/stats/referrers',
      '/stats/devices',
      '/stats/hourly',
      '/stats/links',
      `/links/${a.id}/stats`,
    ];
    const free = await t.bootstrap({ plan: 'free' });
    const viewer = await memberWithKey(t, me.workspaceId, 'viewer', 'pro');
    for (const path of paths) {
      expect((await t.api('GET', `/workspaces/${me.workspaceId}${path}`)).status, path).toBe(401);
      const paywalled = await get(path, free.key, free.workspaceId);
      expect(paywalled.status, path).toBe(402);
      expect(paywalled.body.error).toContain('stats');
      expect((await get(path, viewer.key)).status, path).toBe(200);
      expect((await get(path, stranger.key)).status, path).toBe(404);
    }
  });
});

test('documented in OpenAPI under the Stats tag', async () => {
  const doc: any = await (await t.app.handle(new Request('http://linkhop.test/api/openapi.json'))).json();
  for (const path of ['summary', 'daily', 'countries', 'referrers', 'devices']
    .map((p) => `/api/workspaces/{wsId}/stats/${p}`)
    .concat('/api/workspaces/{wsId}/links/{linkId}/stats')) {
    const op = doc.paths[path]?.get;
    expect(op?.tags, path).toEqual(['Stats']);
    expect(op.summary).toBeTruthy();
    expect(op.responses['200'].content['application/json'].schema).toBeTruthy();
  }
});

// last: it deletes a link of the shared fixture
describe('a deleted link', () => {
  test("its clicks leave the workspace's figures and its rows are removed (click rows have no foreign keys: a job does the cascade)", async () => {
    expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/links/${b.id}`, { key: me.key })).status).toBe(200);
    await t.deps.queue.idle();
    expect((await get('/stats/countries')).body.countries).toEqual([
      { country: 'DE', clicks: 3 },
      { country: 'FR', clicks: 1 },
      { country: 'US', clicks: 1 },
      { country: null, clicks: 1 },
    ]);
    expect((await get('/stats/links')).body.links.map((l: any) => l.link_id)).toEqual([a.id]);
    expect((await get('/stats/summary')).body).toMatchObject({ total_links: 1, total_clicks: 6, today_clicks: 3 });
    expect((await get(`/stats/daily?from=${date(3)}&to=${date(3)}`)).body.days).toEqual([{ date: date(3), clicks: 0, visitors: 0 }]);
    const left = await t.deps.db.execute(
      sql`select (select count(*) from clicks where link_id = ${b.id}) + (select count(*) from click_link_hours where link_id = ${b.id}) + (select count(*) from click_link_periods where link_id = ${b.id}) as n`,
    );
    expect(Number(((left as any).rows ?? left)[0].n)).toBe(0);
  });
});
