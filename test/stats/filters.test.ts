import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../core/db';
import { closeFacetDays } from '../../modules/clicks/facets';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedClicks } from '../helpers/clicks';

const DAY = 86_400_000;
const dayStart = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
const date = (n: number) => new Date(dayStart - n * DAY).toISOString().slice(0, 10);

const COUNTRIES = ['DE', 'US', 'FR', null];
const DEVICES = ['desktop', 'mobile', 'tablet', null];
const BROWSERS = ['Chrome', 'Safari', 'Firefox', null];
const OSES = ['Windows', 'iOS', 'Android', null];
const REFERERS = ['https://news.ycombinator.com/item?id=1', 'https://Twitter.com/x', 'android-app://com.slack', null];

let t: TestApp;
let me: { userId: string; workspaceId: string; key: string };
let other: { workspaceId: string; key: string };
let launch: any;
let autumn: any;
let plain: any;
let foreign: any;

/** a small deterministic generator: the same clicks every run */
function* random(seed: number) {
  for (;;) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    yield seed;
  }
}

beforeAll(async () => {
  t = await startTestApp();
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['clicks']);
  me = await t.bootstrap({ plan: 'pro' });
  other = await t.bootstrap({ plan: 'pro' });
  const link = async (key: string, ws: string, body: object) => {
    const res = await t.api('POST', `/workspaces/${ws}/links`, { key, body });
    expect(res.status).toBe(201);
    return res.body;
  };
  launch = await link(me.key, me.workspaceId, {
    target: 'https://example.com/a',
    tags: ['launch'],
    utm_params: { source: 'newsletter', medium: 'email', campaign: 'spring' },
  });
  autumn = await link(me.key, me.workspaceId, { target: 'https://example.com/b?utm_source=ads&utm_campaign=autumn', tags: ['launch', 'paid'] });
  plain = await link(me.key, me.workspaceId, { target: 'https://example.com/c' });
  foreign = await link(other.key, other.workspaceId, { target: 'https://example.com/f' });
  // As on a database in use for months: days from 40 days ago are open (their facet rows are made
  // when they close, filtered stats read their raw clicks), earlier ones are closed (their clicks go
  // into the facet rollups with their batch). A fresh database has every day closed until its first closing.
  await t.deps.db.execute(sql`insert into click_facets_closed (until) values (${date(40)}::date) on conflict (one) do update set until = excluded.until`);
  // ~900 clicks over 70 days (three months), stored in batches of which some run at once
  const r = random(7);
  const pick = <T>(values: T[]) => values[r.next().value! % values.length]!;
  const batches = [launch, autumn, plain, launch, autumn, plain].map((l) => ({
    l,
    clicks: Array.from({ length: 150 }, () => ({
      at: new Date(dayStart - (r.next().value! % 70) * DAY + (r.next().value! % DAY)),
      country: pick(COUNTRIES),
      device: pick(DEVICES),
      browser: pick(BROWSERS),
      os: pick(OSES),
      referer: pick(REFERERS),
      visitor: r.next().value! % 50,
    })),
  }));
  await Promise.all(batches.map(({ l, clicks }) => seedClicks(t, l, clicks)));
  await seedClicks(t, foreign, [{ country: 'DE', device: 'mobile' }]);
});
afterAll(() => t.close());

const get = (path: string, key = me.key, ws = me.workspaceId) => t.api('GET', `/workspaces/${ws}${path}`, { key });
const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

/** What the raw click rows say: `expr` → clicks, for the workspace's clicks matching `where`. */
async function raw(expr: string, where: SQL): Promise<Map<string | null, number>> {
  const host = `lower(coalesce(substring(referer from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), referer))`;
  const rows = rowsOf<{ k: string | null; n: number }>(
    await t.deps.db.execute(sql`
      select ${sql.raw(expr.replace('$host', host))} as k, count(*)::int as n from clicks
      where workspace_id = ${me.workspaceId} and ${where} group by 1`),
  );
  return new Map(rows.map((row) => [row.k, row.n]));
}
const inDays = (from: number, to: number) => sql`clicked_at >= ${date(from)}::date and clicked_at < ${date(to - 1)}::date`;
/** a click's heatmap cell, `isodow:hour` (UTC), in raw(), and the non-empty cells of an /stats/hourly answer alike */
const WEEKDAY_HOUR = `extract(isodow from clicked_at at time zone 'UTC')::int || ':' || extract(hour from clicked_at at time zone 'UTC')::int`;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const heatmap = (body: { hours: { day: string; hour: number; clicks: number }[] }) =>
  new Map<string | null, number>(body.hours.filter((h) => h.clicks).map((h) => [`${WEEKDAYS.indexOf(h.day) + 1}:${h.hour}`, h.clicks]));
const sorted = (m: Map<string | null, number>) => [...m].sort((a, b) => b[1] - a[1] || (a[0] === null ? 1 : b[0] === null ? -1 : a[0] < b[0] ? -1 : 1));

describe('filtered stats equal a count over the raw clicks', () => {
  const cases: [filter: string, where: string][] = [
    ['country:DE', `country = 'DE'`],
    ['country:DE,device:mobile', `country = 'DE' and device = 'mobile'`],
    ['country:de,country:FR,browser:Safari', `country in ('DE', 'FR') and browser = 'Safari'`],
    ['referrer:news.ycombinator.com', `referer like 'https://news.ycombinator.com/%'`],
    ['referrer:-,os:-', `referer is null and os is null`],
    ['device:-,country:US', `device is null and country = 'US'`],
    // three dimensions
    ['country:DE,device:mobile,browser:Chrome', `country = 'DE' and device = 'mobile' and browser = 'Chrome'`],
  ];
  for (const [filter, where] of cases) {
    test(`${filter}: daily series, countries, referrers, devices, top links over ranges that cross months`, async () => {
      // ranges across months, inside one, and ending just before, on and after the first open day (40 days ago)
      for (const [from, to] of [
        [69, 0],
        [45, 10],
        [3, 3],
        [60, 41],
        [60, 40],
      ] as const) {
        const range = { from: date(from), to: date(to), filter };
        const daily = await get(`/stats/daily${q(range)}`);
        expect(daily.status).toBe(200);
        const perDay = await raw(`(clicked_at at time zone 'UTC')::date::text`, sql`${sql.raw(where)} and ${inDays(from, to)}`);
        for (const day of daily.body.days) expect([day.date, day.clicks, day.visitors]).toEqual([day.date, perDay.get(day.date) ?? 0, null]);
        expect(daily.body.clicks).toBe([...perDay.values()].reduce((a, b) => a + b, 0));
        const scoped = sql`${sql.raw(where)} and ${inDays(from, to)}`;
        const hourly = await get(`/stats/hourly${q(range)}`);
        expect(hourly.status).toBe(200);
        expect(heatmap(hourly.body)).toEqual(await raw(WEEKDAY_HOUR, scoped));
        expect(hourly.body.hours.every((h: any) => h.visitors === null)).toBe(true);
        const countries = await get(`/stats/countries${q({ ...range, limit: '100' })}`);
        expect(countries.body.countries.map((c: any) => [c.country, c.clicks])).toEqual(sorted(await raw('country', scoped)));
        const referrers = await get(`/stats/referrers${q({ ...range, limit: '100' })}`);
        expect(referrers.body.referrers.map((c: any) => [c.referrer, c.clicks])).toEqual(sorted(await raw('$host', scoped)));
        const devices = await get(`/stats/devices${q({ ...range, limit: '100' })}`);
        expect(devices.body.os.map((c: any) => [c.os, c.clicks])).toEqual(sorted(await raw('os', scoped)));
        expect(devices.body.devices.map((c: any) => [c.device, c.clicks])).toEqual(sorted(await raw('device', scoped)));
        const links = await get(`/stats/links${q({ ...range, limit: '100' })}`);
        expect(links.body.links.map((l: any) => [l.link_id, l.clicks])).toEqual(sorted(await raw('link_id::text', scoped)));
        const one = await get(`/links/${launch.id}/stats${q({ ...range, limit: '100' })}`);
        expect(one.body.countries.map((c: any) => [c.country, c.clicks])).toEqual(sorted(await raw('country', sql`${scoped} and link_id = ${launch.id}`)));
        // the link's five breakdowns come from one statement: each keeps its own top `limit`
        const two = await get(`/links/${launch.id}/stats${q({ ...range, limit: '2' })}`);
        for (const [key, expr] of [
          ['referrers', '$host'],
          ['browsers', 'browser'],
          ['devices', 'device'],
        ] as const) {
          const column = key === 'referrers' ? 'referrer' : key.slice(0, -1);
          const expected = sorted(await raw(expr, sql`${scoped} and link_id = ${launch.id}`)).slice(0, 2);
          expect(two.body[key].map((c: any) => [c[column], c.clicks])).toEqual(expected);
        }
      }
    });
  }

  test('link attributes: tag, domain, link and the UTM a link sends, combined with visitor dimensions', async () => {
    const cases: [filter: string, ids: string[]][] = [
      ['tag:launch', [launch.id, autumn.id]],
      ['tag:paid', [autumn.id]],
      [`domain:${launch.domain.toUpperCase()}`, [launch.id, autumn.id, plain.id]],
      [`link:${plain.id}`, [plain.id]],
      [`link:${plain.id},link:${launch.id}`, [plain.id, launch.id]],
      ['utm_source:newsletter', [launch.id]],
      ['utm_campaign:autumn', [autumn.id]],
      ['utm_source:ads,utm_source:newsletter,utm_medium:email', [launch.id]],
      ['tag:nothing', []],
      // another workspace's link is never let through
      [`link:${foreign.id}`, []],
    ];
    for (const [filter, ids] of cases) {
      for (const extra of ['', ',device:mobile']) {
        const idList = sql.raw(ids.length ? ids.map((id) => `'${id}'`).join(',') : 'null');
        const where = sql`link_id::text in (${idList}) ${extra ? sql`and device = 'mobile'` : sql``}`;
        const countries = await get(`/stats/countries${q({ filter: filter + extra, limit: '100' })}`);
        expect(countries.status).toBe(200);
        expect(countries.body.countries.map((c: any) => [c.country, c.clicks])).toEqual(sorted(await raw('country', where)));
        const summary = await get(`/stats/summary${q({ filter: filter + extra })}`);
        const total = [...(await raw('1', where)).values()].reduce((a, b) => a + b, 0);
        expect(summary.body).toMatchObject({ total_links: ids.length, total_clicks: total, unique_visitors: null, today_visitors: null });
        const links = await get(`/stats/links${q({ filter: filter + extra, from: date(69), limit: '100' })}`);
        expect(links.body.links.map((l: any) => [l.link_id, l.clicks])).toEqual(sorted(await raw('link_id::text', where)));
      }
    }
  });

  test('the summary under a visitor filter: all-time clicks, today, countries', async () => {
    const res = await get(`/stats/summary${q({ filter: 'device:mobile' })}`);
    const all = await raw('1', sql`device = 'mobile'`);
    const today = await raw('1', sql`device = 'mobile' and clicked_at >= ${date(0)}::date`);
    const countries = await raw('country', sql`device = 'mobile' and country is not null`);
    expect(res.body).toEqual({
      total_links: 3,
      total_clicks: all.get(1 as any) ?? [...all.values()][0] ?? 0,
      today_clicks: [...today.values()][0] ?? 0,
      total_countries: countries.size,
      unique_visitors: null,
      today_visitors: null,
      // bot visits keep no visitor facts: under a visitor filter there is no count of them
      bot_visits: null,
    });
  });
});

/** A migration's back-fill: its statements that hold `verb` (INSERT, UPDATE). */
async function backFill(file: string, verb: 'INSERT' | 'UPDATE' = 'UPDATE') {
  const migration = readFileSync(new URL(`../../drizzle/${file}`, import.meta.url), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint').filter((s) => s.includes(verb))) await t.deps.db.execute(sql.raw(statement));
}
/** drizzle/0030's back-fill of the facet day rows' clicks by hour from the raw clicks, then 0031's of the workspace month rows' by weekday and hour from those */
async function backFillHours() {
  await backFill('0030_click_facet_hours.sql');
  await backFill('0031_click_facet_week_hours.sql');
}

describe('facet days close', () => {
  const answers = async () => {
    const out: unknown[] = [];
    for (const filter of ['country:DE', 'device:mobile,browser:Safari', 'referrer:-', `link:${launch.id}`, 'tag:paid,os:iOS']) {
      for (const path of ['/stats/daily', '/stats/hourly', '/stats/countries', '/stats/referrers', '/stats/links', '/stats/summary']) {
        const res = await get(`${path}${q({ filter, from: date(69) })}`);
        expect(res.status).toBe(200);
        out.push(res.body);
      }
    }
    return out;
  };
  /** one minute past the grace after today: every day up to today can close */
  const afterToday = () => new Date(dayStart + DAY + 16 * 60_000);

  test('batches stored while days close are counted once, in the facet rows or by the closing', async () => {
    // clicks of late days and of open ones (some of which close meanwhile): each batch waits for a
    // closing or the closing for it
    const r = random(11);
    const targets = [launch, plain, autumn, launch];
    const batches = targets.map(() =>
      Array.from({ length: 40 }, () => ({
        at: new Date(dayStart - (r.next().value! % 45) * DAY + (r.next().value! % DAY)),
        country: COUNTRIES[r.next().value! % COUNTRIES.length],
        device: DEVICES[r.next().value! % DEVICES.length],
        browser: 'Safari',
        os: 'iOS',
      })),
    );
    const twentyDaysAgo = new Date(dayStart - 20 * DAY + 16 * 60_000);
    const [closed] = await Promise.all([closeFacetDays(t.deps.db, twentyDaysAgo), ...batches.map((clicks, i) => seedClicks(t, targets[i]!, clicks))]);
    expect(closed).toEqual(Array.from({ length: 20 }, (_, k) => date(40 - k)));
    for (const filter of ['browser:Safari,os:iOS', 'country:DE']) {
      const daily = await get(`/stats/daily${q({ filter, from: date(69) })}`);
      const where = filter === 'country:DE' ? sql`country = 'DE'` : sql`browser = 'Safari' and os = 'iOS'`;
      const expected = await raw(`to_char(clicked_at at time zone 'UTC', 'YYYY-MM-DD')`, sql`${where} and clicked_at >= ${date(69)}::date`);
      expect(daily.body.days.filter((d: any) => d.clicks).map((d: any) => [d.date, d.clicks])).toEqual([...expected].sort());
    }
  });

  test('closing the remaining days changes no filtered answer; a second closing finds none', async () => {
    const before = await answers();
    const closed = await closeFacetDays(t.deps.db, afterToday());
    expect(closed).toEqual(Array.from({ length: 21 }, (_, k) => date(20 - k)));
    expect(await answers()).toEqual(before);
    expect(await closeFacetDays(t.deps.db, afterToday())).toEqual([]);
  });

  test('a click of a closed day stored later goes in with its batch', async () => {
    const filter = q({ filter: 'country:FR,device:tablet', from: date(69) });
    const before = (await get(`/stats/daily${filter}`)).body;
    const hourlyBefore = (await get(`/stats/hourly${filter}`)).body;
    await seedClicks(t, plain, [{ at: new Date(dayStart - 3 * DAY + 5000), country: 'FR', device: 'tablet' }]);
    const after = (await get(`/stats/daily${filter}`)).body;
    expect(after.clicks).toBe(before.clicks + 1);
    const day = (body: any) => body.days.find((d: any) => d.date === date(3)).clicks;
    expect(day(after)).toBe(day(before) + 1);
    // in its heatmap cell too (the batch's hour facet row)
    const at = new Date(dayStart - 3 * DAY + 5000);
    const cell = (body: any) => body.hours.find((h: any) => h.day === WEEKDAYS[(at.getUTCDay() + 6) % 7] && h.hour === at.getUTCHours()).clicks;
    expect(cell((await get(`/stats/hourly${filter}`)).body)).toBe(cell(hourlyBefore) + 1);
  });

  test('the drizzle/0025 back-fill from the raw clicks rebuilds the facet rollups the click worker wrote', async () => {
    const snapshot = async () =>
      rowsOf(
        await t.deps.db.execute(sql`
          select 'l' as t, link_id::text as scope, period, start::text, country, referrer, browser, os, device, clicks::int from click_link_facets
          union all
          select 'w', workspace_id::text, period, start::text, country, referrer, browser, os, device, clicks::int from click_workspace_facets
          order by 1, 2, 3, 4, 5, 6, 7, 8, 9`),
      );
    const written = await snapshot();
    expect(written.length).toBeGreaterThan(100);
    await t.deps.db.execute(sql`delete from click_link_facets`);
    await t.deps.db.execute(sql`delete from click_workspace_facets`);
    await backFill('0025_click_facets.sql', 'INSERT');
    expect(await snapshot()).toEqual(written);
    // an upgrade from before 0025 then runs 0030, which gives the rows their clicks by hour (tested below)
    await backFillHours();
  });

  test('the drizzle/0030 back-fill from the raw clicks rebuilds the clicks by hour the closing and the batches wrote', async () => {
    const snapshot = async () =>
      rowsOf(
        await t.deps.db.execute(sql`
          select 'l' as t, link_id::text as scope, period, start::text, country, referrer, browser, os, device, hours from click_link_facets
          union all
          select 'w', workspace_id::text, period, start::text, country, referrer, browser, os, device, hours from click_workspace_facets
          order by 1, 2, 3, 4, 5, 6, 7, 8, 9`),
      );
    const written = await snapshot();
    expect(written.filter((row: any) => row.hours?.length).length).toBeGreaterThan(100);
    await t.deps.db.execute(sql`update click_link_facets set hours = null`);
    await t.deps.db.execute(sql`update click_workspace_facets set hours = null, week_hours = null`);
    await backFillHours();
    expect(await snapshot()).toEqual(written);
  });

  test('the drizzle/0031 back-fill rebuilds the clicks by weekday and hour of the workspace month rows the closing and the batches wrote', async () => {
    const snapshot = async () =>
      rowsOf(
        await t.deps.db.execute(sql`
          select workspace_id::text, start::text, country, referrer, browser, os, device, clicks::int, week_hours::text from click_workspace_facets
          where period = 'm' order by 1, 2, 3, 4, 5, 6, 7`),
      );
    const written = await snapshot();
    // every month row has its 168 counts, and they add up to its clicks
    const [check] = rowsOf<{ rows: number; whole: number }>(
      await t.deps.db.execute(sql`
        select count(*)::int as rows,
          (count(*) filter (where cardinality(week_hours) = 168 and (select sum(n) from unnest(week_hours) n) = clicks))::int as whole
        from click_workspace_facets where period = 'm'`),
    );
    expect(check!.rows).toBeGreaterThan(10);
    expect(check!.whole).toBe(check!.rows);
    await t.deps.db.execute(sql`update click_workspace_facets set week_hours = null`);
    await backFill('0031_click_facet_week_hours.sql');
    expect(await snapshot()).toEqual(written);
  });

  test('the drizzle/0032 back-fill rebuilds the link and workspace slices the closing and the batches wrote', async () => {
    const snapshot = async () =>
      rowsOf(
        await t.deps.db.execute(sql`
          select workspace_id::text, dimensions, vals::text, start::text, link_id::text, clicks::int from click_link_slices
          union all
          select workspace_id::text, dimensions, vals::text, start::text, null, clicks::int from click_workspace_slices
          order by 1, 2, 3, 4, 5`),
      );
    const written = await snapshot();
    // each facet row's clicks appear once in each of the 15 slices: the link month rows' and the workspace day rows'
    const [check] = rowsOf<{ links: number; linkFacets: number; workspaces: number; workspaceFacets: number }>(
      await t.deps.db.execute(sql`
        select (select sum(clicks)::int from click_link_slices) as "links", (select 15 * sum(clicks)::int from click_link_facets where period = 'm') as "linkFacets",
          (select sum(clicks)::int from click_workspace_slices) as "workspaces", (select 15 * sum(clicks)::int from click_workspace_facets where period = 'd') as "workspaceFacets"`),
    );
    expect(check!.links).toBe(check!.linkFacets);
    expect(check!.workspaces).toBe(check!.workspaceFacets);
    expect(written.length).toBeGreaterThan(100);
    await t.deps.db.execute(sql`delete from click_link_slices`);
    await t.deps.db.execute(sql`delete from click_workspace_slices`);
    await backFill('0032_click_slices.sql', 'INSERT');
    expect(await snapshot()).toEqual(written);
  });
});

describe('filter validation', () => {
  const bad: [filter: string, message: RegExp][] = [
    ['planet:mars', /unknown dimension "planet"/],
    ['country', /is not dimension:value/],
    ['country:', /has no value/],
    ['country:Germany', /two-letter ISO code/],
    ['device:phone', /desktop, mobile or tablet/],
    ['link:12345', /not a link id/],
    ['browser:a\u0001b', /control character/],
    [`browser:${'x'.repeat(201)}`, /longer than 200/],
    [Array.from({ length: 21 }, () => 'country:DE').join(','), /at most 20 terms/],
    ['country:DE,', /has no value|not dimension:value/],
  ];
  for (const [filter, message] of bad) {
    test(`400 for ${JSON.stringify(filter.slice(0, 40))} on every stats endpoint`, async () => {
      for (const path of [
        '/stats/summary',
        '/stats/daily',
        '/stats/hourly',
        '/stats/links',
        '/stats/countries',
        '/stats/referrers',
        '/stats/devices',
        '/stats/utm',
        `/links/${launch.id}/stats`,
      ]) {
        const res = await get(`${path}${q({ filter })}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ field: 'filter', code: 'invalid' });
        expect(res.body.error).toMatch(message);
      }
    });
  }

  test('400 for a filter longer than 2,000 characters', async () => {
    const res = await get(`/stats/daily${q({ filter: `tag:${'x'.repeat(2001)}` })}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('filter');
  });

  test("the hourly heatmap of one link, or of tagged links, under a visitor filter equals the raw clicks' hours", async () => {
    const mobile = sql`device = 'mobile' and ${inDays(69, 0)}`;
    const one = await get(`/stats/hourly${q({ filter: 'device:mobile', link_id: launch.id, from: date(69) })}`);
    expect(one.status).toBe(200);
    expect(heatmap(one.body)).toEqual(await raw(WEEKDAY_HOUR, sql`${mobile} and link_id = ${launch.id}`));
    const tagged = await get(`/stats/hourly${q({ filter: 'tag:paid,device:mobile', from: date(69) })}`);
    expect(heatmap(tagged.body)).toEqual(await raw(WEEKDAY_HOUR, sql`${mobile} and link_id = ${autumn.id}`));
    // by link attributes only, unique visitors are known
    const byTag = await get(`/stats/hourly${q({ filter: 'tag:paid', from: date(69) })}`);
    expect(heatmap(byTag.body)).toEqual(await raw(WEEKDAY_HOUR, sql`${inDays(69, 0)} and link_id = ${autumn.id}`));
    expect(byTag.body.hours.every((h: any) => typeof h.visitors === 'number')).toBe(true);
    // another workspace's link: nothing
    const foreignOne = await get(`/stats/hourly${q({ filter: 'country:DE', link_id: foreign.id })}`);
    expect(foreignOne.status).toBe(404);
  });

  test('a script or SQL in a value is a value like any other: no match, no error', async () => {
    for (const value of ['<script>alert(1)</script>', "x' or '1'='1", '{"a":1}', 'ü', '"}']) {
      const res = await get(`/stats/countries${q({ filter: `browser:${value},tag:${value}` })}`);
      expect(res.status).toBe(200);
      expect(res.body.countries).toEqual([]);
      // the slices (a value in an array) and the heatmap's rows alike
      const filter = `browser:${value},os:${value}`;
      const [daily, links, hourly, summary] = await Promise.all(
        ['/stats/daily', '/stats/links', '/stats/hourly', '/stats/summary'].map((path) => get(`${path}${q({ filter, from: date(69) })}`)),
      );
      for (const res of [daily, links, hourly, summary]) expect(res.status).toBe(200);
      expect(daily.body.clicks).toBe(0);
      expect(links.body.links).toEqual([]);
      expect(hourly.body.hours.every((h: any) => h.clicks === 0)).toBe(true);
      expect(summary.body.total_clicks).toBe(0);
    }
  });
});

describe('compare=previous', () => {
  test('the daily series answers the period of equal length just before the range beside it', async () => {
    const res = await get(`/stats/daily${q({ from: date(20), to: date(11), compare: 'previous', filter: 'device:desktop' })}`);
    expect(res.status).toBe(200);
    expect(res.body.previous).toMatchObject({ from: date(30), to: date(21) });
    expect(res.body.previous.days).toHaveLength(10);
    const before = await raw('1', sql`device = 'desktop' and ${inDays(30, 21)}`);
    expect(res.body.previous.clicks).toBe([...before.values()][0] ?? 0);
    expect(res.body.previous.days.reduce((s: number, d: any) => s + d.clicks, 0)).toBe(res.body.previous.clicks);
    const unfiltered = await get(`/stats/daily${q({ compare: 'previous' })}`);
    expect(unfiltered.body.previous.days).toHaveLength(30);
    expect(typeof unfiltered.body.previous.visitors).toBe('number');
    expect((await get('/stats/daily')).body.previous).toBeUndefined();
  });

  test("a link's stats take it too; anything but previous is a 400", async () => {
    const res = await get(`/links/${launch.id}/stats${q({ compare: 'previous' })}`);
    expect(res.body.previous.days).toHaveLength(30);
    expect((await get(`/stats/daily${q({ compare: 'last-year' })}`)).status).toBe(400);
  });
});

describe('UTM breakdown', () => {
  test('clicks by the source, medium and campaign each link sends (its own UTM, else its target’s)', async () => {
    const res = await get(`/stats/utm${q({ filter: 'country:DE' })}`);
    expect(res.status).toBe(200);
    const n = async (id: string) => [...(await raw('1', sql`country = 'DE' and link_id = ${id}`)).values()][0] ?? 0;
    const [a, b, c] = [await n(launch.id), await n(autumn.id), await n(plain.id)];
    const sum = (rows: any[], key: string) => Object.fromEntries(rows.map((r) => [r[key] ?? 'none', r.clicks]));
    expect(sum(res.body.sources, 'utm_source')).toEqual({ newsletter: a, ads: b, none: c });
    expect(sum(res.body.mediums, 'utm_medium')).toEqual({ email: a, none: b + c });
    expect(sum(res.body.campaigns, 'utm_campaign')).toEqual({ spring: a, autumn: b, none: c });
  });
});

describe('a deleted link', () => {
  test('its clicks leave the filtered figures and its facet rows and slices are removed', async () => {
    const slicesOf = async (linkId: string) =>
      rowsOf<{ n: number }>(await t.deps.db.execute(sql`select count(*)::int as n from click_link_slices where link_id = ${linkId}`))[0]!.n;
    expect(await slicesOf(plain.id)).toBeGreaterThan(0);
    const othersBefore = await slicesOf(launch.id);
    expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/links/${plain.id}`, { key: me.key })).status).toBe(200);
    await t.deps.queue.idle();
    expect(await slicesOf(plain.id)).toBe(0);
    expect(await slicesOf(launch.id)).toBe(othersBefore);
    const links = await get(`/stats/links${q({ filter: 'device:mobile,country:DE', from: date(69), limit: '100' })}`);
    expect(links.body.links.map((l: any) => [l.link_id, l.clicks])).toEqual(
      sorted(await raw('link_id::text', sql`link_id <> ${plain.id} and device = 'mobile' and country = 'DE' and ${inDays(69, 0)}`)),
    );
    const where = sql`link_id <> ${plain.id} and device = 'mobile'`;
    const countries = await get(`/stats/countries${q({ filter: 'device:mobile', limit: '100' })}`);
    expect(countries.body.countries.map((c: any) => [c.country, c.clicks])).toEqual(sorted(await raw('country', where)));
    const hourly = await get(`/stats/hourly${q({ filter: 'device:mobile', from: date(69) })}`);
    expect(heatmap(hourly.body)).toEqual(await raw(WEEKDAY_HOUR, sql`${where} and ${inDays(69, 0)}`));
    const left = rowsOf<{ n: number }>(await t.deps.db.execute(sql`select count(*)::int as n from click_link_facets where link_id = ${plain.id}`));
    expect(left[0]!.n).toBe(0);
    // no workspace facet row is left at zero
    const empty = rowsOf<{ n: number }>(await t.deps.db.execute(sql`select count(*)::int as n from click_workspace_facets where clicks <= 0`));
    expect(empty[0]!.n).toBe(0);
  });
});
