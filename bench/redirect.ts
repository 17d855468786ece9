/**
 * Redirect benchmark: `bun bench/redirect.ts` (needs Debian `wrk`, PostgreSQL and Redis).
 *
 * In one run, on this machine, load generators in separate processes:
 *   1+2. bare Bun.serve answering a constant 302 (the ceiling every ratio is measured against) and
 *      Linkhop in production mode (PostgreSQL + Redis), one cached link with click recording on
 *      (64 connections; every visit enqueues its click; the clicks worker is not running yet),
 *      measured alternately for BENCH_ROUNDS rounds: each round's ratio is Linkhop over the bare
 *      run just before it, so drift of the shared machine between rounds cancels out; the median
 *      round is the figure; in the same rounds, right after the cached link, a cached link with
 *      `track_conversions` on (its target gets `lh_cid=<click id>`), compared with the plain link
 *      of its own round (target: within 10 %);
 *   3. 5,000 distinct links visited at random (cold caches warming from PostgreSQL);
 *   4. exactly 100,000 visits to a fresh link (autocannon);
 *   5. the clicks worker (its own process) starts and drains the whole backlog while the cached
 *      link is measured again; then the 100,000 visits' click rows are counted: 0 lost, 0 duplicated;
 *   6. clicks stored concurrently, as on a user's box: with the worker running and no backlog, the
 *      cached link and the 5,000 links at random, BENCH_ROUNDS rounds alternating with the bare
 *      server (every visit's click is stored by the worker and PostgreSQL during the window);
 *   7. the server's RSS after all of it.
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_REDIS_URL
 * (default redis://127.0.0.1:6379), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 64),
 * BENCH_ROUNDS (default 3), BENCH_WORKER_NICE (default 0: the clicks worker at the server's CPU priority).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import postgres from 'postgres';
import { loadConfig } from '../core/config';
import { createDeps } from '../app/deps';
import { createLinks } from '../modules/links/create';
import { linkContext } from '../modules/links/validate';
import { ensureUser } from '../modules/members/service';
import { createWorkspace } from '../modules/workspaces/service';
import { BENCH_UA, medianBy, reportTargets, wrk as runWrk, type WrkResult } from './wrk';
import { deleteRedisPrefix } from '../test/helpers/redis';
import { coresBetween, cpuByGroup } from './cpu-split';
import { BENCH_SECRETS_KEY, freePort, runBenchmark, startProcess, waitUntilUp } from './processes';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** CPU priority of the clicks worker (`nice -n`); 0 = same as the server */
const WORKER_NICE = Number(process.env.BENCH_WORKER_NICE ?? 0);
const DISTINCT = 5_000;
const VISITS = 100_000;
const work = mkdtempSync(join(tmpdir(), 'linkhop-bench-'));

/** wrk (bench/wrk.ts) with this benchmark's connections and duration; `script` picks a path per request. */
const wrk = (url: string, opts: { script?: string; seconds?: number } = {}) =>
  runWrk(url, { seconds: opts.seconds ?? SECONDS, connections: CONNECTIONS, script: opts.script });

const rssMb = async (pid: number) => {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
};

async function main() {
  // --- 1. the ceiling (kept running: it is measured again before each Linkhop round) ----------
  const barePort = freePort();
  const bareServer = startProcess([process.execPath, 'bench/bare-server.ts'], { PORT: String(barePort) });
  const bareUrl = `http://127.0.0.1:${barePort}/x`;
  await waitUntilUp(bareUrl);
  await wrk(bareUrl, { seconds: 2 });

  // --- production-mode Linkhop: fresh database, own Redis prefix, separate clicks worker
  const dbName = `linkhop_bench_${Date.now().toString(36)}`;
  const admin = postgres(DB_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const dbUrl = new URL(DB_URL);
  dbUrl.pathname = `/${dbName}`;
  const prefix = `lhbench:${Date.now().toString(36)}`;
  const port = freePort();
  const host = `127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: dbUrl.toString(),
    SECRETS_KEY: BENCH_SECRETS_KEY,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    DEFAULT_DOMAIN: host,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // the click spool of this run (a deployment's is ./data/spool)
    DATA_DIR: join(work, 'data'),
  };

  const setup = await createDeps(loadConfig(env));
  const user = await ensureUser(setup.db, 'bench@example.com', 'Bench', { proven: true });
  const ws = await createWorkspace(setup, { userId: user.id, name: 'Bench', plan: 'pro', skipQuota: true });
  const ctx = await linkContext(setup.db, { id: ws.id, plan: 'pro' }, user.id);
  const slugs: string[] = [];
  for (let i = 0; i < DISTINCT + 2; i += 100) {
    const batch = Array.from({ length: Math.min(100, DISTINCT + 2 - i) }, (_, j) => ({
      target: `https://example.com/page/${i + j}?ref=bench`,
      utm_params: { source: 'bench' },
    }));
    const { created } = await createLinks(setup, ctx, batch, 'bulk');
    slugs.push(...created.map((r) => r.slug));
  }
  const [hot, exact, ...distinct] = slugs;
  const tracked = (
    await createLinks(setup, ctx, [{ target: 'https://example.com/shop?ref=bench', utm_params: { source: 'bench' }, track_conversions: true }], 'bulk')
  ).created[0]!.slug;
  await setup.close();

  // The clicks worker starts after the first runs: redirects enqueue their clicks (the queue absorbs
  // them), then the worker drains everything while the cached run is measured again.
  const server = startProcess([process.execPath, 'app/main.ts'], env);
  await waitUntilUp(`http://${host}/healthcheck-probe`);

  // --- 2. one cached link, clicks recorded (queued), alternating with the bare server
  await wrk(`http://${host}/${hot}`, { seconds: 2 });
  await wrk(`http://${host}/${tracked}`, { seconds: 2 });
  // what the tracked link's visitors are sent to: the target with the click id
  const trackedProbe = await fetch(`http://${host}/${tracked}`, { redirect: 'manual', headers: { 'user-agent': BENCH_UA } });
  const trackedTarget = trackedProbe.headers.get('location') ?? '';
  const rounds: { bare: WrkResult; cached: WrkResult; tracked: WrkResult }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareRun = await wrk(bareUrl);
    // the plain and the tracking link take turns going first: the click queue grows through the rounds
    // (no worker yet), which would favour whichever always ran first
    const trackedFirst = round % 2 === 1 ? await wrk(`http://${host}/${tracked}`) : undefined;
    const cachedRun = await wrk(`http://${host}/${hot}`);
    rounds.push({ bare: bareRun, cached: cachedRun, tracked: trackedFirst ?? (await wrk(`http://${host}/${tracked}`)) });
  }
  // the median round by ratio: its bare run is the ceiling for every other scenario too
  const { bare, cached } = medianBy(rounds, (r) => r.cached.rps / r.bare.rps);
  // conversion tracking against the plain link of the same round
  const trackedRound = medianBy(rounds, (r) => r.tracked.rps / r.cached.rps);

  // --- 3. 5,000 distinct links at random (the server has seen none of them yet)
  const script = join(work, 'random.lua');
  writeFileSync(
    script,
    `local slugs = {${distinct.map((s) => `"${s}"`).join(',')}}\nmath.randomseed(os.time())\nrequest = function() return wrk.format("GET", "/" .. slugs[math.random(#slugs)]) end\n`,
  );
  const random = await wrk(`http://${host}/`, { script });

  // --- 4. exactly 100,000 visits → exactly 100,000 click rows
  const load = startProcess([process.execPath, 'bench/visits.ts', `http://${host}/${exact}`, String(VISITS), String(CONNECTIONS)], {}, 'pipe');
  const visits = JSON.parse((await new Response(load.stdout).text()).trim().split('\n').pop()!);

  // --- the worker drains the backlog while the cached link is measured once more
  const worker = startProcess([...(WORKER_NICE ? ['nice', '-n', String(WORKER_NICE)] : []), process.execPath, 'app/workers/clicks.ts'], env);
  const draining = await wrk(`http://${host}/${hot}`);
  const sql = postgres(dbUrl.toString(), { max: 1, onnotice: () => {} });
  const [{ id: exactId }] = await sql`select id from links where slug = ${exact!}`;
  // the worker drains the whole backlog (every scenario recorded clicks): wait until the clicks
  // queue holds no job (waiting, running or retrying) and the totals stop moving
  const queue = new Queue('clicks', { connection: { url: REDIS_URL } as any, prefix });
  // the click maintenance job's next run waits as a delayed job: only click batches count
  const pendingBatches = async () =>
    (await queue.getDelayed()).filter((job) => job.name === 'clicks.record').length +
    Object.values(await queue.getJobCounts('wait', 'active', 'prioritized')).reduce((a, b) => a + b, 0);
  let rows = 0;
  let clickCount = 0;
  let total = -1;
  const drainStart = Date.now();
  for (let stable = 0; stable < 4 && Date.now() - drainStart < 600_000; ) {
    await Bun.sleep(500);
    const pending = await pendingBatches();
    const [r] =
      await sql`select (select count(*)::int from clicks where link_id = ${exactId}) as rows, (select click_count::int from links where id = ${exactId}) as count, (select count(*)::int from clicks) as total`;
    stable = pending === 0 && r.total === total ? stable + 1 : 0;
    rows = r.rows;
    clickCount = r.count;
    total = r.total;
  }
  const drainMs = Date.now() - drainStart;

  // --- 6. clicks stored concurrently: the worker stores each window's clicks while it runs
  const stored: { bare: WrkResult; cached: WrkResult & { cores: string }; random: WrkResult & { cores: string } }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // the bare run gets a quiet machine: the previous round's clicks are stored first
    for (const until = Date.now() + 120_000; Date.now() < until && (await pendingBatches()) > 0; ) await Bun.sleep(250);
    const bareRun = await wrk(bareUrl);
    const own = { server: server.pid, 'clicks worker': worker.pid };
    const at = [await cpuByGroup(own), performance.now()] as const;
    const cached = await wrk(`http://${host}/${hot}`);
    const between = [await cpuByGroup(own), performance.now()] as const;
    const random = await wrk(`http://${host}/`, { script });
    const end = [await cpuByGroup(own), performance.now()] as const;
    stored.push({
      bare: bareRun,
      cached: { ...cached, cores: coresBetween(at[0], between[0], between[1] - at[1]) },
      random: { ...random, cores: coresBetween(between[0], end[0], end[1] - between[1]) },
    });
  }
  bareServer.kill();
  // the reference for these rounds is the median of every bare run of the bench: a bare run taken
  // while PostgreSQL still checkpoints or vacuums after the previous round ran at ~60% of the
  // others once, and would have flattered its round's ratios
  const bareReference = medianBy([...rounds.map((r) => r.bare), ...stored.map((r) => r.bare)], (r) => r.rps);
  const storedCached = medianBy(stored, (r) => r.cached.rps);
  const storedRandom = medianBy(stored, (r) => r.random.rps);
  const backlog = Object.values(await queue.getJobCounts('wait', 'active', 'prioritized')).reduce((a, b) => a + b, 0);
  const failedJobs = await queue.getJobCountByTypes('failed');
  await queue.close();

  // --- 5. memory
  const rss = await rssMb(server.pid);

  await sql.end();
  for (const child of [server, worker]) child.kill('SIGTERM');
  await Promise.all([server.exited, worker.exited]);
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  await deleteRedisPrefix(REDIS_URL, prefix);

  const ratio = (r: WrkResult) => (r.rps / bare.rps).toFixed(2);
  const roundRatio = (r: WrkResult, of: WrkResult) => (r.rps / of.rps).toFixed(2);
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
  const targets = {
    cached: cached.rps / bare.rps >= 0.6 && cached.p99 <= 10,
    tracked: trackedRound.tracked.rps / trackedRound.cached.rps >= 0.9 && new URL(trackedTarget).searchParams.has('lh_cid'),
    random: random.rps / bare.rps >= 0.3,
    clicks: rows === VISITS && clickCount === VISITS,
    rss: rss <= 250,
    storedCached: storedCached.cached.rps / bareReference.rps >= 0.5 && storedCached.cached.p99 <= 10,
    storedRandom: storedRandom.random.rps / bareReference.rps >= 0.35 && storedRandom.random.p99 <= 25,
  };
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const lines = [
    `| scenario | req/s | × bare | p50 ms | p99 ms | target |`,
    `|---|---:|---:|---:|---:|---|`,
    `| bare Bun.serve constant 302 | ${bare.rps.toFixed(0)} | 1.00 | ${fmt(bare.p50)} | ${fmt(bare.p99)} | ceiling |`,
    `| cached redirect, clicks recorded (queued): median of ${ROUNDS} rounds | ${cached.rps.toFixed(0)} | ${ratio(cached)} | ${fmt(cached.p50)} | ${fmt(cached.p99)} | ≥ 0.60×, p99 ≤ 10 ms ${verdict(targets.cached)} |`,
    `| (each round: bare → cached) | ${rounds.map((r) => `${r.bare.rps.toFixed(0)} → ${r.cached.rps.toFixed(0)}`).join(', ')} | ${rounds.map((r) => (r.cached.rps / r.bare.rps).toFixed(2)).join(', ')} | | ${rounds.map((r) => fmt(r.cached.p99)).join(', ')} | |`,
    `| cached redirect with track_conversions (lh_cid added), clicks recorded: median of ${ROUNDS} rounds by its ratio to the plain cached link of its round | ${trackedRound.tracked.rps.toFixed(0)} | ${ratio(trackedRound.tracked)} | ${fmt(trackedRound.tracked.p50)} | ${fmt(trackedRound.tracked.p99)} | ≥ 0.90× the plain link (${roundRatio(trackedRound.tracked, trackedRound.cached)}) ${verdict(targets.tracked)} |`,
    `| (each round: cached → tracked; rounds 2, 4… run the tracked link first) | ${rounds.map((r) => `${r.cached.rps.toFixed(0)} → ${r.tracked.rps.toFixed(0)}`).join(', ')} | ${rounds.map((r) => roundRatio(r.tracked, r.cached)).join(', ')} | | ${rounds.map((r) => fmt(r.tracked.p99)).join(', ')} | |`,
    `| same, while the clicks worker drains the backlog | ${draining.rps.toFixed(0)} | ${ratio(draining)} | ${fmt(draining.p50)} | ${fmt(draining.p99)} | (worker, PostgreSQL and server share the 2 cores) |`,
    `| ${DISTINCT} distinct links at random | ${random.rps.toFixed(0)} | ${ratio(random)} | ${fmt(random.p50)} | ${fmt(random.p99)} | ≥ 0.30× ${verdict(targets.random)} |`,
    `| cached redirect, clicks stored concurrently (worker running): median of ${ROUNDS} rounds, against the median bare run (${bareReference.rps.toFixed(0)} req/s) | ${storedCached.cached.rps.toFixed(0)} | ${roundRatio(storedCached.cached, bareReference)} | ${fmt(storedCached.cached.p50)} | ${fmt(storedCached.cached.p99)} | ≥ 0.50×, p99 ≤ 10 ms ${verdict(targets.storedCached)} |`,
    `| ${DISTINCT} links at random, clicks stored concurrently: median of ${ROUNDS} rounds, against the same | ${storedRandom.random.rps.toFixed(0)} | ${roundRatio(storedRandom.random, bareReference)} | ${fmt(storedRandom.random.p50)} | ${fmt(storedRandom.random.p99)} | ≥ 0.35×, p99 ≤ 25 ms ${verdict(targets.storedRandom)} |`,
    `| (each round: its own bare run → cached, random; ratios to that bare run) | ${stored.map((r) => `${r.bare.rps.toFixed(0)} → ${r.cached.rps.toFixed(0)}, ${r.random.rps.toFixed(0)}`).join('; ')} | ${stored.map((r) => `${roundRatio(r.cached, r.bare)}, ${roundRatio(r.random, r.bare)}`).join('; ')} | | ${stored.map((r) => `${fmt(r.cached.p99)}, ${fmt(r.random.p99)}`).join('; ')} | |`,
    `| (the whole box during the median rounds, cores used) | cached: ${storedCached.cached.cores}; random: ${storedRandom.random.cores} | | | | |`,
    '',
    `| check | result | target |`,
    `|---|---|---|`,
    `| ${VISITS} visits (autocannon, ${visits.rps.toFixed(0)} req/s): 3xx answers | ${visits.statuses['3xx']} (errors ${visits.errors}, non-3xx ${visits.statuses['2xx'] + visits.statuses['4xx'] + visits.statuses['5xx']}) | ${VISITS} |`,
    `| click rows after the worker drained (${(drainMs / 1000).toFixed(1)} s, ${total} clicks in all, ${failedJobs} failed jobs) | ${rows} rows, click_count ${clickCount} | exactly ${VISITS}: ${verdict(targets.clicks)} |`,
    `| click jobs still queued right after the concurrent rounds | ${backlog} | (0: the worker kept up) |`,
    `| the tracked link's redirect | ${trackedProbe.status} to ${trackedTarget} | lh_cid in the target |`,
    `| server RSS after the run | ${rss.toFixed(0)} MB | ≤ 250 MB ${verdict(targets.rss)} |`,
  ];
  console.log(
    `\nLinkhop redirect benchmark — ${new Date().toISOString()}, ${navigator.hardwareConcurrency} cores, wrk -t2 -c${CONNECTIONS} -d${SECONDS}s on loopback, clicks worker nice ${WORKER_NICE}; ratios against the bare run of the median round (${bare.rps.toFixed(0)} req/s)\n`,
  );
  console.log(lines.join('\n'));
  return reportTargets(targets, [
    ...rounds.flatMap((r) => [r.bare, r.cached, r.tracked]),
    ...stored.flatMap((r) => [r.bare, r.cached, r.random]),
    random,
    draining,
  ]);
}

await runBenchmark(main);
