/**
 * Click storage benchmark: `bun bench/click-storage.ts` (needs PostgreSQL and Redis).
 *
 * Storage throughput alone: a backlog of BENCH_CLICKS clicks (default 1,000,000) is queued in Redis
 * as `clicks.record` jobs of 10,000 (the redirect server's batch size under load), with nothing else
 * running; then ONE clicks worker process (`bun app/workers/main.ts clicks`) starts and drains it into a
 * fresh database. Reported per round: clicks/s from the worker's first stored batch to its last,
 * then the exact row count and the sum of `click_count` (0 lost, 0 duplicated), and the CPU time
 * per click of the worker process and of the PostgreSQL backends serving this database (from
 * /proc: on a machine shared with other work, the wall-clock rate moves with the neighbours, the
 * CPU cost per click much less).
 *
 * The traffic is a mix, stated so that figures can be compared: 1,000 links, half the clicks on 10
 * hot ones; 2,000 visitors, each with a fixed country, browser, OS, device, language and one of a
 * few referers (BENCH_LINKS, BENCH_VISITORS and BENCH_HOT change the counts: 1 and 1 is the one-hot-link
 * case; BENCH_LINKS=5000 BENCH_VISITORS=1 BENCH_HOT=0 is bench/redirect.ts's 5,000 links at random).
 * BENCH_ROUNDS (default 3) rounds, each on its own database.
 *
 * The database is set up as one in use for a while: the clicks' day is an open facet day, so the
 * worker does not write their filter rollups (modules/clicks/facets.ts). After the drain the day is
 * closed as the `clicks.close-facets` job does, timed with its PostgreSQL CPU per click, and checked
 * (facet rows, their clicks by hour and each of the 15 slices sum to the clicks sent); the whole figure is the clicks over storing and closing time.
 * Env: BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_CLICKS, BENCH_ROUNDS, BENCH_LINKS, BENCH_VISITORS, BENCH_HOT, BENCH_WORKER_FLAGS,
 * BENCH_KEEP=1 (keeps each round's database).
 */
import { Queue } from 'bullmq';
import postgres from 'postgres';
import { loadConfig } from '../core/config';
import { createDeps } from '../app/deps';
import { ClickBatchBuilder, type Click } from '../modules/clicks/batch';
import { closeFacetDays } from '../modules/clicks/facets';
import { createLinks } from '../modules/links/create';
import { linkContext } from '../modules/links/validate';
import { ensureUser } from '../modules/members/service';
import { createWorkspace } from '../modules/workspaces/service';
import { deleteRedisPrefix } from '../test/helpers/redis';
import { cpuMs } from './cpu-split';
import { BENCH_SECRETS_KEY, startProcess, stopProcesses } from './processes';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLICKS = Number(process.env.BENCH_CLICKS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCH = 10_000;
/** Bun flags for the worker process (e.g. `--cpu-prof-md --cpu-prof-dir=/tmp/prof` to see where its time goes) */
const WORKER_FLAGS = (process.env.BENCH_WORKER_FLAGS ?? '').split(' ').filter(Boolean);
const LINKS = Number(process.env.BENCH_LINKS ?? 1_000);
const HOT = Math.min(Number(process.env.BENCH_HOT ?? 10), LINKS);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 2_000);
const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'JP', 'BR', 'IN', 'CA', 'AU', 'ES', 'IT', 'NL', 'SE', 'PL', 'MX', 'KR', null];
const REFERERS = [null, 'https://twitter.com/x', 'https://news.ycombinator.com/item?id=1', 'https://www.google.com/'];
const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Edge'];
const OSES = ['Windows', 'macOS', 'iOS', 'Android', 'Linux'];
const DEVICES = ['desktop', 'mobile', 'tablet'];

/** A deterministic pseudo-random stream, so rounds store the same clicks. */
function rng(seed: number) {
  return () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
}

async function round(n: number) {
  const dbName = `linkhop_bench_store_${Date.now().toString(36)}`;
  const prefix = `lhbench${Date.now().toString(36)}`;
  const admin = postgres(DB_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(DB_URL);
  url.pathname = `/${dbName}`;
  const env = { DATABASE_URL: url.toString(), SECRETS_KEY: BENCH_SECRETS_KEY, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  const deps = await createDeps(loadConfig(env));
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const user = await ensureUser(deps.db, 'bench@example.com', 'Bench', { proven: true });
    const ws = await createWorkspace(deps, { userId: user.id, name: 'Bench', plan: 'pro', skipQuota: true });
    const ctx = await linkContext(deps.db, { id: ws.id, plan: 'pro' }, user.id);
    const links = [];
    for (let i = 0; i < LINKS; i += 100) {
      const { created } = await createLinks(
        deps,
        ctx,
        Array.from({ length: Math.min(100, LINKS - i) }, (_, j) => ({ target: `https://example.com/${i + j}` })),
        'bulk',
      );
      links.push(...created);
    }
    const random = rng(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const visitors = Array.from({ length: VISITORS }, (_, i) => ({
      country: pick(COUNTRIES),
      browser: pick(BROWSERS),
      os: pick(OSES),
      device: pick(DEVICES),
      language: i % 3 ? 'en' : 'de',
      visitor: i + 1,
    }));
    const queue = new Queue('clicks', { connection: { url: REDIS_URL }, prefix });
    const start = Date.now() - 3_600_000;
    await sql`insert into click_facets_closed (until) values (${new Date(start).toISOString().slice(0, 10)}::date) on conflict (one) do update set until = excluded.until`;
    for (let sent = 0; sent < CLICKS; sent += BATCH) {
      const batch = new ClickBatchBuilder();
      for (let i = 0; i < BATCH && sent + i < CLICKS; i++) {
        const link = HOT && random() < 0.5 ? links[Math.floor(random() * HOT)]! : pick(links);
        const v = pick(visitors);
        const click: Click & { visitor?: number } = {
          link_id: link.id,
          workspace_id: ws.id,
          domain: link.domain,
          slug: link.slug,
          clicked_at: start + Math.floor(((sent + i) / CLICKS) * 3_600_000),
          country: v.country,
          referer: pick(REFERERS),
          browser: v.browser,
          os: v.os,
          device: v.device,
          language: v.language,
          visitor: v.visitor,
        };
        batch.add(click);
      }
      const data = batch.build();
      await queue.add('clicks.record', data, { jobId: `clicks-${data.id}`, attempts: 10, removeOnComplete: true });
    }
    await queue.close();

    const worker = startProcess([process.execPath, ...WORKER_FLAGS, 'app/workers/main.ts', 'clicks'], env);
    const t0 = performance.now();
    let first = 0;
    let stored = 0;
    let firstStored = 0;
    // the worker's and its PostgreSQL backends' CPU from its first stored batch on
    const cpu = async () => {
      const backends = await sql`select pid from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`;
      const pg = (await Promise.all(backends.map((b) => cpuMs(b.pid)))).reduce((a, b) => a + b, 0);
      return { worker: await cpuMs(worker.pid), pg };
    };
    let cpuStart = { worker: 0, pg: 0 };
    while (stored < CLICKS) {
      await Bun.sleep(50);
      const [r] = await sql`select coalesce(sum(click_count), 0)::int as n from links`;
      stored = r!.n;
      if (stored && !first) {
        first = performance.now();
        firstStored = stored;
        cpuStart = await cpu();
      }
      if (performance.now() - t0 > 600_000) throw new Error(`only ${stored} of ${CLICKS} stored after 10 minutes`);
    }
    const seconds = (performance.now() - first) / 1000;
    const cpuEnd = await cpu();
    const perClick = (ms: number, n = CLICKS - firstStored) => ((ms * 1000) / n).toFixed(1);
    worker.kill();
    await worker.exited;
    const closingStart = { at: performance.now(), pg: (await cpu()).pg };
    const closed = await closeFacetDays(deps.db, new Date(Date.now() + 86_400_000 + 16 * 60_000));
    const closing = { seconds: (performance.now() - closingStart.at) / 1000, pg: (await cpu()).pg - closingStart.pg };
    const [facets] = await sql`select (select sum(clicks) from click_link_facets where period = 'd')::int as links,
      (select sum(clicks) from click_workspace_facets where period = 'm')::int as workspace,
      (select sum(h) from click_link_facets, unnest(hours) h where period = 'd')::int as link_hours,
      (select sum(h) from click_workspace_facets, unnest(hours) h where period = 'd')::int as workspace_hours,
      (select sum(h) from click_workspace_facets, unnest(week_hours) h where period = 'm')::int as week_hours,
      (select sum(clicks) / 15 from click_link_slices)::int as link_slices, (select sum(clicks) / 15 from click_workspace_slices)::int as workspace_slices`;
    const [rows] = await sql`select count(*)::int as n from clicks`;
    const size =
      await sql`select pg_size_pretty(sum(pg_total_relation_size(c.oid))) as total from pg_class c where c.relname like 'click%' and c.relkind in ('r', 'p')`;
    const rate = Math.round((CLICKS - firstStored) / seconds);
    const load = (await Bun.file('/proc/loadavg').text()).split(' ')[0];
    console.log(
      `round ${n}: ${rate.toLocaleString('en-US')} clicks/s (${(CLICKS - firstStored).toLocaleString('en-US')} in ${seconds.toFixed(1)} s after the first stored batch, load average ${load}); ` +
        `CPU per click: worker ${perClick(cpuEnd.worker - cpuStart.worker)} µs, PostgreSQL ${perClick(cpuEnd.pg - cpuStart.pg)} µs; rows ${rows!.n}, click_count sum ${stored}; click tables ${size[0]!.total}\n` +
        `  closing ${closed.join(', ')}: ${closing.seconds.toFixed(1)} s, PostgreSQL ${perClick(closing.pg, CLICKS)} µs per click; ` +
        `facet clicks ${facets!.links} (links), ${facets!.workspace} (workspace), by hour ${facets!.link_hours} (link days), ${facets!.workspace_hours} (workspace days), ${facets!.week_hours} (workspace months), in each slice ${facets!.link_slices} (links), ${facets!.workspace_slices} (workspace); whole: ${Math.round((CLICKS - firstStored) / (seconds + closing.seconds)).toLocaleString('en-US')} clicks/s`,
    );
    if (rows!.n !== CLICKS || stored !== CLICKS) throw new Error('rows or click_count differ from the clicks sent');
    const closedCounts = [
      facets!.links,
      facets!.workspace,
      facets!.link_hours,
      facets!.workspace_hours,
      facets!.week_hours,
      facets!.link_slices,
      facets!.workspace_slices,
    ];
    if (closedCounts.some((n) => n !== CLICKS)) throw new Error('the closed facet rows differ from the clicks sent');
    return rate;
  } finally {
    await sql.end();
    await deps.close();
    await deleteRedisPrefix(REDIS_URL, prefix).catch(() => {});
    if (process.env.BENCH_KEEP) console.log(`  kept database ${dbName}`);
    else await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

try {
  const rates: number[] = [];
  for (let n = 1; n <= ROUNDS; n++) rates.push(await round(n));
  rates.sort((a, b) => a - b);
  console.log(`median ${rates[Math.floor(rates.length / 2)]!.toLocaleString('en-US')} clicks/s over ${ROUNDS} rounds (target ≥ 75,000)`);
} finally {
  stopProcesses();
}
