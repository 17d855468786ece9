/**
 * Stats benchmark: `bun bench/stats.ts` (needs PostgreSQL).
 *
 * One Pro workspace with 100 links and BENCH_CLICKS clicks (default 10,000,000) spread over the
 * last 365 days, plus a second workspace with 10 % as many (the figures must not read them). Stats
 * read only the rollups, so the seed writes what the clicks worker's rollups hold after those
 * clicks — per link and per workspace: one row per hour with clicks, one per day and one per month
 * with the counts by dimension value — with set-based inserts (BENCH_RAW=1 also inserts the raw click rows, which no
 * stats query reads; slow). Then every stats endpoint's service call over a 365-day range (or all
 * time, where the endpoint has no range) is timed BENCH_RUNS times (default 20) after a warm-up,
 * and the table shows p50 / p95 / max, with the query plan of the heaviest statement of each.
 * The filtered cases (two filters: a country and a device) read the facet rollups, seeded as
 * FACETS_PER_DAY of FACETS combinations of visitor dimensions per link and day (each row's clicks
 * spread over the day's hours, for the heatmap), written day by day as the closing writes them, with their
 * slices (drizzle/0032: per link and month, and per workspace and day, the clicks under each value and
 * each pair of values); today's clicks are raw rows in time order (an open facet day, read from the
 * clicks table: see openToday).
 * Target: p95 ≤ 25 ms each (issue 38). Env: BENCH_DATABASE_URL, BENCH_CLICKS, BENCH_RUNS, BENCH_RAW, BENCH_KEEP=1.
 */
import { sql as query } from 'drizzle-orm';
import postgres from 'postgres';
import { loadConfig } from '../core/config';
import type { Deps } from '../core/deps';
import { createDeps } from '../app/deps';
import { slicesOf, workspaceSlicesOf } from '../modules/clicks/facets';
import { clicksByLinkSince } from '../modules/clicks/stats';
import { createLinks } from '../modules/links/create';
import { linkContext } from '../modules/links/validate';
import { ensureUser } from '../modules/members/service';
import { linkStats, workspaceDaily, workspaceDevices, workspaceHourly, workspaceSummary, workspaceTop, workspaceTopLinks } from '../modules/stats/service';
import { createWorkspace } from '../modules/workspaces/service';
import { BENCH_SECRETS_KEY } from './processes';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLICKS = Number(process.env.BENCH_CLICKS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const LINKS = 100;
/** p95 each endpoint must meet (issue 38) */
const TARGET_MS = 25;
/** distinct combinations of visitor dimensions in the workspace, and how many of them each link's day has */
const FACETS = 500;
const FACETS_PER_DAY = 60;
/** two filters, as a person clicking a country and then a device does */
const TWO_FILTERS = 'country:DE,device:mobile';
/** two filters that each let a large share through (a browser and an OS): the most rows a two-filter question reads */
const BROAD_FILTERS = 'browser:Safari,os:iOS';
const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'JP', 'BR', 'IN', 'CA', 'AU', 'ES', 'IT', 'NL', 'SE', 'PL', 'MX', 'KR', 'CN', 'RU', 'ZA', 'AR', ''];
const VALUES: Record<string, string[]> = {
  country: COUNTRIES,
  referrer: ['', 'twitter.com', 'news.ycombinator.com', 'www.google.com', 't.co', 'www.linkedin.com'],
  browser: ['Chrome', 'Safari', 'Firefox', 'Edge', ''],
  os: ['Windows', 'macOS', 'iOS', 'Android', 'Linux', ''],
  device: ['desktop', 'mobile', 'tablet'],
  language: ['en', 'de', 'fr', 'es', 'ja', ''],
};

/**
 * Today is an open facet day, as on a database in use (modules/clicks/facets.ts): its clicks are raw
 * rows (made from the day's facet rows, a row per click, at random times so far today, stored in time order as the clicks worker stores them), which
 * filtered stats read until the day closes; its facet rows leave the day and month rows.
 */
async function openToday(sql: postgres.Sql, workspaceId: string) {
  const today = sql`(now() at time zone 'UTC')::date`;
  const sameFacet = sql`m.country = d.country and m.referrer = d.referrer and m.browser = d.browser and m.os = d.os and m.device = d.device`;
  await sql`
    insert into clicks (id, link_id, workspace_id, clicked_at, country, referer, browser, os, device)
    select gen_random_uuid(), d.link_id, d.workspace_id, ${today}::timestamp at time zone 'UTC' + random() * (now() - ${today}::timestamp at time zone 'UTC'),
      nullif(d.country, ''), case when d.referrer <> '' then 'https://' || d.referrer || '/' end, nullif(d.browser, ''), nullif(d.os, ''), nullif(d.device, '')
    from click_link_facets d cross join lateral generate_series(1, d.clicks) n
    where d.workspace_id = ${workspaceId} and d.period = 'd' and d.start = ${today}
    order by 4`;
  await sql`
    update click_link_facets m set clicks = m.clicks - d.clicks from click_link_facets d
    where d.workspace_id = ${workspaceId} and d.period = 'd' and d.start = ${today}
      and m.link_id = d.link_id and m.period = 'm' and m.start = date_trunc('month', ${today})::date and ${sameFacet}`;
  await sql`
    update click_workspace_facets m set clicks = m.clicks - d.clicks, week_hours = click_hours_sub(m.week_hours, click_week_hours(d.start, d.hours))
    from click_workspace_facets d
    where d.workspace_id = ${workspaceId} and d.period = 'd' and d.start = ${today}
      and m.workspace_id = d.workspace_id and m.period = 'm' and m.start = date_trunc('month', ${today})::date and ${sameFacet}`;
  for (const table of ['click_link_facets', 'click_workspace_facets'])
    await sql`delete from ${sql(table)} where workspace_id = ${workspaceId} and ((period = 'd' and start = ${today}) or clicks = 0)`;
  await sql`insert into click_facets_closed (until) values (${today}) on conflict (one) do update set until = excluded.until`;
}

async function seedWorkspace(deps: Deps, sql: postgres.Sql, name: string, clicks: number) {
  const user = await ensureUser(deps.db, `${name.toLowerCase()}@example.com`, name, { proven: true });
  const ws = await createWorkspace(deps, { userId: user.id, name, plan: 'pro', skipQuota: true });
  const ctx = await linkContext(deps.db, { id: ws.id, plan: 'pro' }, user.id);
  const { created } = await createLinks(
    deps,
    ctx,
    Array.from({ length: LINKS }, (_, i) => ({ target: `https://example.com/${name}/${i}` })),
    'bulk',
  );
  const ids = created.map((l) => l.id);
  // clicks per link and hour over 365 days, as a whole number each: `clicks` spread with a daily wave
  const perHour = clicks / (LINKS * 365 * 24);
  await sql`
    insert into click_link_hours (link_id, hour, clicks, visitors)
    select l::uuid, h, c, c * 7 / 10
    from unnest(${ids}::text[]) l, generate_series(date_trunc('hour', now()) - interval '365 days' + interval '1 hour', date_trunc('hour', now()), interval '1 hour') h,
         lateral (select greatest(1, round(${perHour} * (1 + 0.5 * sin(extract(hour from h) / 24 * 2 * pi()))))::int8 as c) x`;
  await sql`insert into click_workspace_hours select ${ws.id}::uuid, hour, sum(clicks), sum(visitors) from click_link_hours where link_id = any(${ids}::uuid[]) group by hour`;
  // per link per day, each dimension's values share the day's clicks (the first value the most); months (a link's without
  // the counts by value) and workspace rows are their sums
  const counts = Object.entries(VALUES).map(([dimension, values]) => {
    const weights = values.map((_, i) => 1 / (i + 1));
    const total = weights.reduce((a, b) => a + b, 0);
    return sql`(select jsonb_object_agg(v.value, greatest(1, round(d.clicks * v.w / ${total}))::int8)
      from unnest(${values}::text[], ${weights}::float8[]) v(value, w)) as ${sql(dimension)}`;
  });
  const sums = sql`sum(clicks), sum(visitors), click_counts_sum(country), click_counts_sum(referrer), click_counts_sum(browser), click_counts_sum(os),
    click_counts_sum(device), click_counts_sum(language)`;
  await sql`
    insert into click_link_periods (link_id, period, start, workspace_id, clicks, visitors, country, referrer, browser, os, device, language)
    select d.link_id, 'd', d.day, ${ws.id}::uuid, d.clicks, d.visitors, ${counts.flatMap((c, i) => (i ? [sql`, `, c] : [c]))}
    from (select link_id, (hour at time zone 'UTC')::date as day, sum(clicks) as clicks, sum(visitors) as visitors
          from click_link_hours where link_id = any(${ids}::uuid[]) group by 1, 2) d`;
  await sql`
    insert into click_link_periods
    select link_id, 'm', date_trunc('month', start)::date, workspace_id, sum(clicks), sum(visitors), '{}', '{}', '{}', '{}', '{}', '{}'
    from click_link_periods where workspace_id = ${ws.id} and period = 'd' group by 1, 3, 4`;
  await sql`insert into click_workspace_periods select workspace_id, 'd', start, ${sums} from click_link_periods where workspace_id = ${ws.id} and period = 'd' group by 1, 3`;
  await sql`insert into click_workspace_periods
    select workspace_id, 'm', date_trunc('month', start)::date, ${sums} from click_workspace_periods where workspace_id = ${ws.id} and period = 'd' group by 1, 3`;
  // the facet rollups (clicks per combination of visitor dimensions, what filtered stats read): each link's day
  // spread over FACETS_PER_DAY of FACETS combinations, the same clicks in all
  // each row's clicks spread over the day's hours from an hour of its own (the heatmap's clicks by hour); rows go in
  // day by day, as the closing writes them (their order on disk is what a filtered question's reads cost), a
  // workspace month row with its day rows' clicks by weekday and hour
  const facet = sql`country, referrer, browser, os, device`;
  await sql`
    insert into click_link_facets (link_id, period, start, workspace_id, country, referrer, browser, os, device, clicks, hours)
    select link_id, 'd', start, workspace_id, country, referrer, browser, os, device, clicks,
      array(select (clicks / 24 + ((h + abs(hashtext(link_id::text || start::text || country || os)) % 24) % 24 < clicks % 24)::int)::int4 from generate_series(0, 23) h)
    from (
    select d.link_id, d.start, d.workspace_id, c.country, c.referrer, c.browser, c.os, c.device, sum(d.clicks / ${FACETS_PER_DAY} + (j < d.clicks % ${FACETS_PER_DAY})::int) as clicks
    from click_link_periods d
    cross join generate_series(0, ${FACETS_PER_DAY - 1}) j
    join (select n, (${VALUES.country!}::text[])[1 + n % 21] as country, (${VALUES.referrer!}::text[])[1 + n / 21 % 6] as referrer,
            (${VALUES.browser!}::text[])[1 + n / 7 % 5] as browser, (${VALUES.os!}::text[])[1 + n / 3 % 6] as os, (${VALUES.device!}::text[])[1 + n / 11 % 3] as device
          from generate_series(0, ${FACETS - 1}) n) c on c.n = (abs(hashtext(d.link_id::text || d.start::text)::int8) + j * 7919) % ${FACETS}
    where d.workspace_id = ${ws.id} and d.period = 'd' and d.clicks / ${FACETS_PER_DAY} + (j < d.clicks % ${FACETS_PER_DAY})::int > 0
    group by 1, 2, 3, 4, 5, 6, 7, 8) s
    order by start, link_id, ${facet}`;
  await sql`insert into click_link_facets
    select link_id, 'm', date_trunc('month', start)::date, workspace_id, ${facet}, sum(clicks), null
    from click_link_facets where workspace_id = ${ws.id} and period = 'd' group by 1, 3, 4, 5, 6, 7, 8, 9
    order by 3, 1, ${facet}`;
  await sql`insert into click_workspace_facets (workspace_id, period, start, ${facet}, clicks, hours)
    select workspace_id, 'd', start, ${facet}, sum(clicks), click_hours_sum(hours)
    from click_link_facets where workspace_id = ${ws.id} and period = 'd' group by 1, 3, 4, 5, 6, 7, 8
    order by 3, ${facet}`;
  await sql`insert into click_workspace_facets (workspace_id, period, start, ${facet}, clicks, week_hours)
    select workspace_id, 'm', date_trunc('month', start)::date, ${facet}, sum(clicks), click_hours_sum(click_week_hours(start, hours))
    from click_workspace_facets where workspace_id = ${ws.id} and period = 'd' group by 1, 3, 4, 5, 6, 7, 8
    order by 3, ${facet}`;
  await openToday(sql, ws.id);
  // the links' closed months (drizzle/0041): the sums of their closed days, as the closing of each day adds them (today is open)
  await sql`insert into click_link_periods
    select link_id, 'c', date_trunc('month', start)::date, workspace_id, ${sums}
    from click_link_periods where workspace_id = ${ws.id} and period = 'd' and start < (select until from click_facets_closed) group by 1, 3, 4`;
  // the slices of the closed days' facet rows, as the closing writes them with those (drizzle/0032)
  await deps.db.execute(query`insert into click_link_slices (workspace_id, dimensions, vals, start, link_id, clicks)
    ${slicesOf(query`(select * from click_link_facets where workspace_id = ${ws.id} and period = 'm') f`)} order by 4, 1, 2, 3, 5`);
  await deps.db.execute(query`insert into click_workspace_slices (workspace_id, dimensions, vals, start, clicks)
    ${workspaceSlicesOf(query`(select * from click_workspace_facets where workspace_id = ${ws.id} and period = 'd') f`)} order by 4, 1, 2, 3`);
  if (process.env.BENCH_RAW) {
    await sql`
      insert into clicks (id, link_id, workspace_id, clicked_at, country, device)
      select gen_random_uuid(), (${ids}::uuid[])[1 + g % ${LINKS}], ${ws.id}::uuid, now() - random() * interval '365 days', (${COUNTRIES}::text[])[1 + g % 20], 'desktop'
      from generate_series(1, ${clicks}) g`;
  }
  await sql`update links set click_count = c.n from (select link_id::text as id, sum(clicks) as n from click_link_hours where link_id = any(${ids}::uuid[]) group by 1) c where links.id = c.id`;
  const [row] = await sql`select sum(clicks)::int8 as n from click_workspace_hours where workspace_id = ${ws.id}`;
  return { id: ws.id, linkIds: ids, clicks: Number(row!.n) };
}

const dbName = `linkhop_bench_stats_${Date.now().toString(36)}`;
const admin = postgres(DB_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const url = new URL(DB_URL);
url.pathname = `/${dbName}`;
const deps = await createDeps(loadConfig({ DATABASE_URL: url.toString(), SECRETS_KEY: BENCH_SECRETS_KEY, LOG_LEVEL: 'warn' }));
const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });

try {
  const t0 = performance.now();
  const ws = await seedWorkspace(deps, sql, 'Bench', CLICKS);
  await seedWorkspace(deps, sql, 'Noise', Math.round(CLICKS / 10));
  await sql.unsafe('vacuum analyze');
  // the seed's gigabytes written out now, not by a checkpoint during the timed reads (as on a database in use)
  await sql.unsafe('checkpoint');
  const [sizes] = await sql`select (select count(*) from click_link_hours)::int as link_hours, (select count(*) from click_link_periods)::int as link_periods,
    (select count(*) from click_workspace_hours)::int as ws_hours, (select count(*) from click_workspace_periods)::int as ws_periods,
    (select count(*) from click_link_facets)::int as link_facets, (select count(*) from click_workspace_facets)::int as ws_facets,
    (select count(*) from click_link_slices)::int as link_slices, (select count(*) from click_workspace_slices)::int as ws_slices`;
  console.log(
    `seeded the rollups of ${ws.clicks.toLocaleString('en-US')} clicks (+10 % in another workspace) in ${((performance.now() - t0) / 1000).toFixed(1)} s; rows:`,
    sizes,
  );

  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const range = { from, to: today, limit: 10 };
  const since30 = new Date(Date.now() - 30 * 86_400_000);
  const filtered = { ...range, filter: TWO_FILTERS };
  const broad = { ...range, filter: BROAD_FILTERS };
  const endpoints: [string, () => Promise<unknown>][] = [
    ['GET /stats/summary (all time)', () => workspaceSummary(deps.db, ws.id)],
    ['GET /stats/daily (365 days)', () => workspaceDaily(deps.db, ws.id, range)],
    ['GET /stats/countries (365 days)', () => workspaceTop(deps.db, ws.id, 'country', range)],
    ['GET /stats/referrers (365 days)', () => workspaceTop(deps.db, ws.id, 'referrer', range)],
    ['GET /stats/devices (365 days)', () => workspaceDevices(deps.db, ws.id, range)],
    ['GET /stats/hourly (365 days)', () => workspaceHourly(deps.db, ws.id, range)],
    ['GET /stats/links (365 days)', () => workspaceTopLinks(deps.db, ws.id, range)],
    ['GET /links/{id}/stats (365 days)', () => linkStats(deps.db, ws.id, ws.linkIds[0]!, range)],
    ['portfolio trend (100 links, 30 days)', () => clicksByLinkSince(deps.db, ws.linkIds, since30)],
    [`GET /stats/summary?filter=${TWO_FILTERS} (all time)`, () => workspaceSummary(deps.db, ws.id, { filter: TWO_FILTERS })],
    [`GET /stats/daily?filter=${TWO_FILTERS}&compare=previous (365 days)`, () => workspaceDaily(deps.db, ws.id, { ...filtered, compare: 'previous' })],
    [`GET /stats/referrers?filter=${TWO_FILTERS} (365 days)`, () => workspaceTop(deps.db, ws.id, 'referrer', filtered)],
    [`GET /stats/devices?filter=${TWO_FILTERS} (365 days)`, () => workspaceDevices(deps.db, ws.id, filtered)],
    [`GET /stats/links?filter=${TWO_FILTERS} (365 days)`, () => workspaceTopLinks(deps.db, ws.id, filtered)],
    [`GET /stats/hourly?filter=${TWO_FILTERS} (365 days)`, () => workspaceHourly(deps.db, ws.id, filtered)],
    [`GET /stats/hourly?link_id&filter=${TWO_FILTERS} (365 days)`, () => workspaceHourly(deps.db, ws.id, { ...filtered, link_id: ws.linkIds[0] })],
    [`GET /links/{id}/stats?filter=${TWO_FILTERS} (365 days)`, () => linkStats(deps.db, ws.id, ws.linkIds[0]!, { ...filtered, compare: 'previous' })],
    [`GET /stats/daily?filter=${BROAD_FILTERS}&compare=previous (365 days)`, () => workspaceDaily(deps.db, ws.id, { ...broad, compare: 'previous' })],
    [`GET /stats/countries?filter=${BROAD_FILTERS} (365 days)`, () => workspaceTop(deps.db, ws.id, 'country', broad)],
    [`GET /stats/links?filter=${BROAD_FILTERS} (365 days)`, () => workspaceTopLinks(deps.db, ws.id, broad)],
    [`GET /stats/hourly?filter=${BROAD_FILTERS} (365 days)`, () => workspaceHourly(deps.db, ws.id, broad)],
  ];
  const summary = (await workspaceSummary(deps.db, ws.id)) as { total_clicks: number };
  if (summary.total_clicks !== ws.clicks) throw new Error(`summary says ${summary.total_clicks} clicks, the rollups ${ws.clicks}`);
  console.log(
    `\n| endpoint, ${ws.clicks.toLocaleString('en-US')} clicks | p50 ms | p95 ms | max ms | target p95 ≤ ${TARGET_MS} ms |\n|---|---:|---:|---:|---|`,
  );
  let missed = 0;
  for (const [name, call] of endpoints) {
    await call();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await call();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.ceil(RUNS * 0.95) - 1]!;
    if (p95 > TARGET_MS) missed++;
    console.log(
      `| ${name} | ${times[Math.floor(RUNS / 2)]!.toFixed(1)} | ${p95.toFixed(1)} | ${times.at(-1)!.toFixed(1)} | ${p95 <= TARGET_MS ? 'met' : 'missed'} |`,
    );
  }
  const monthFrom = `${new Date(Date.now() - 333 * 86_400_000).toISOString().slice(0, 7)}-01`;
  const months = `(period = 'm' and start >= '${monthFrom}') or (period = 'd' and start >= '${from}' and start < '${monthFrom}')`;
  const plans: [string, string][] = [
    [
      'workspace daily series (day rows, 365 days)',
      `select start, clicks, visitors from click_workspace_periods where workspace_id = '${ws.id}' and period = 'd' and start >= '${from}'`,
    ],
    [
      'workspace top countries (months + the days of the first month, 365 days)',
      `select v.key, sum(v.value::int8) from click_workspace_periods p, jsonb_each_text(p.country) v(key, value) where workspace_id = '${ws.id}' and (${months}) group by 1 order by 2 desc limit 10`,
    ],
    [
      'workspace top links (link months + days, 365 days)',
      `select link_id, sum(clicks) from click_link_periods where workspace_id = '${ws.id}' and (${months}) group by 1 order by 2 desc limit 10`,
    ],
    [
      'link top countries (closed months, the open day and the days of the first month, 365 days)',
      `select v.key, sum(v.value::int8) from click_link_periods p, jsonb_each_text(p.country) v(key, value) where link_id = '${ws.linkIds[0]}'
        and ((period = 'c' and start >= '${monthFrom}') or (period = 'd' and ((start >= '${from}' and start < '${monthFrom}') or start >= (select until from click_facets_closed))))
        group by 1 order by 2 desc limit 10`,
    ],
    [
      'portfolio trend (100 links, 30 days)',
      `select link_id, sum(clicks) from click_link_periods where link_id = any('{${ws.linkIds.join(',')}}') and period = 'd' and start >= '${since30.toISOString().slice(0, 10)}' group by 1`,
    ],
  ];
  for (const [name, query] of plans) {
    const plan = await sql.unsafe(`explain (analyze, buffers) ${query}`);
    console.log(`\n${name}:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  console.log(missed ? `\ntargets missed: ${missed} endpoint(s) over ${TARGET_MS} ms at p95` : '\nall targets met');
  process.exitCode = missed ? 1 : 0;
} finally {
  await sql.end();
  await deps.close();
  if (!process.env.BENCH_KEEP) await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
