/**
 * Stats benchmark: `bun bench/stats.ts` (needs PostgreSQL).
 *
 * Seeds a fresh database with one Pro workspace, 100 links and CLICKS click rows spread over
 * the last 365 days (one INSERT … SELECT over generate_series), plus a second workspace with
 * 10 % as many rows (the summary must not read them), VACUUM ANALYZE, then times the
 * `GET /stats/summary` query (`workspaceSummary`) RUNS times after one warm-up (checked against a
 * full count) and prints min / median / max and the timing of the distinct-country scan. Target: median < 200 ms at 1,000,000 rows.
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_CLICKS
 * (default 1000000), BENCH_RUNS (default 10), BENCH_KEEP=1 keeps the database.
 */
import postgres from 'postgres';
import { loadConfig } from '../core/config';
import { createDeps, type Deps } from '../core/deps';
import { createLinks, linkContext } from '../modules/links/service';
import { ensureUser } from '../modules/members/service';
import { workspaceSummary } from '../modules/stats/service';
import { createWorkspace } from '../modules/workspaces/service';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLICKS = Number(process.env.BENCH_CLICKS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const LINKS = 100;
const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'JP', 'BR', 'IN', 'CA', 'AU', 'ES', 'IT', 'NL', 'SE', 'PL', 'MX', 'KR', 'CN', 'RU', 'ZA', 'AR'];

async function seedWorkspace(deps: Deps, name: string, clicks: number) {
  const user = await ensureUser(deps.db, `${name.toLowerCase()}@example.com`, name);
  const ws = await createWorkspace(deps, { userId: user.id, name, plan: 'pro', skipQuota: true });
  const ctx = await linkContext(deps.db, { id: ws.id, plan: 'pro' }, user.id);
  const { created } = await createLinks(deps, ctx, Array.from({ length: LINKS }, (_, i) => ({ target: `https://example.com/${name}/${i}` })), 'bulk');
  const sql = postgres(deps.config.databaseUrl!, { max: 1, onnotice: () => {} });
  // one set-based insert: link by row number, ~8 % unknown countries, a few referers and devices
  await sql`
    insert into clicks (id, link_id, workspace_id, domain, slug, clicked_at, country, referer, browser, os, device, language)
    select ${ws.id} || '-' || g, l.id, ${ws.id}, l.domain, l.slug,
           now() - random() * interval '365 days',
           case when g % 13 = 0 then null else (${COUNTRIES}::text[])[1 + g % ${COUNTRIES.length}] end,
           (array[null, 'https://twitter.com/x', 'https://news.ycombinator.com/', 'https://www.google.com/'])[1 + g % 4],
           (array['Chrome', 'Safari', 'Firefox', 'Edge'])[1 + g % 4],
           (array['Windows', 'macOS', 'iOS', 'Android', 'Linux'])[1 + g % 5],
           (array['desktop', 'mobile', 'tablet'])[1 + g % 3],
           'en'
    from generate_series(1, ${clicks}) g
    join (select id, domain, slug, row_number() over (order by id) - 1 as n from links where workspace_id = ${ws.id}) l on l.n = g % ${created.length}`;
  // what the click pipeline does in the transaction that stores clicks
  await sql`update links set click_count = c.n from (select link_id, count(*) as n from clicks where workspace_id = ${ws.id} group by link_id) c where links.id = c.link_id`;
  await sql.end();
  return ws.id;
}

const dbName = `linkhop_bench_stats_${Date.now().toString(36)}`;
const admin = postgres(DB_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${dbName}`);
const url = new URL(DB_URL);
url.pathname = `/${dbName}`;
const deps = await createDeps(loadConfig({ DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' }));

try {
  let t0 = performance.now();
  const wsId = await seedWorkspace(deps, 'Bench', CLICKS);
  await seedWorkspace(deps, 'Noise', Math.round(CLICKS / 10));
  const maint = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await maint.unsafe('vacuum analyze clicks');
  console.log(`seeded ${CLICKS.toLocaleString('en-US')} + ${Math.round(CLICKS / 10).toLocaleString('en-US')} clicks in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const summary = await workspaceSummary(deps.db, wsId); // warm-up
  const [exact] = await maint`select count(*)::int as clicks, count(distinct country)::int as countries from clicks where workspace_id = ${wsId}`;
  console.log('summary:', summary, 'checked against a full count:', exact);
  if (summary.total_clicks !== exact!.clicks || summary.total_countries !== exact!.countries) throw new Error('summary disagrees with a full count');
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t0 = performance.now();
    await workspaceSummary(deps.db, wsId);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`workspaceSummary over ${RUNS} runs: min ${ms(times[0]!)}, median ${ms(times[Math.floor(RUNS / 2)]!)}, max ${ms(times[RUNS - 1]!)}`);

  const plan = await maint.unsafe(
    `explain analyze with recursive found as (
       (select country from clicks where workspace_id = $1 and country is not null order by country limit 1)
       union all
       select (select country from clicks where workspace_id = $1 and country > found.country order by country limit 1) from found where found.country is not null)
     select count(country) from found`,
    [wsId],
  );
  console.log('distinct countries (loose index scan):', plan.at(-1)?.['QUERY PLAN']);
  await maint.end();
} finally {
  await deps.close();
  if (!process.env.BENCH_KEEP) await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
