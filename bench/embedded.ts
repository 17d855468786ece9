/**
 * Embedded default benchmark: `bun bench/embedded.ts` (needs Debian `wrk`; no PostgreSQL, no Redis).
 *
 * `bun app/main.ts` without DATABASE_URL / REDIS_URL on a fresh DATA_DIR, load generators in
 * separate processes, in one run:
 *   1. first start: the server process tree's peak (VmHWM) and resident memory (VmRSS) until it
 *      answers, then idle, after the operator bootstrap and two links;
 *   2. a restart on that DATA_DIR: peak and idle;
 *   3. BENCH_ROUNDS rounds of bare Bun.serve (constant 302) → Linkhop, one cached link, every visit a
 *      click (browser User-Agent) that is stored during the window: each round's ratio is Linkhop
 *      over the bare run just before it, which starts once the previous round's clicks are all
 *      stored; the median round is the figure; the clicks stored by the
 *      end of each window are read from the API;
 *   4. exactly BENCH_VISITS visits to a second link (autocannon), then memory once the clicks are stored
 *      and again after BENCH_REST_SECONDS at rest (the target is on the resting figure: what a small
 *      box keeps between bursts; the first is the burst's own garbage, not yet collected);
 *   5. a clean stop (SIGTERM), and the data directory read back: click rows and `click_count` of both
 *      links equal the visits served.
 * Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 64), BENCH_ROUNDS (default 3),
 * BENCH_VISITS (default 20000), BENCH_REST_SECONDS (default 30), BENCH_BUN_FLAGS. Exit status 0 when every target is met.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../core/db';
import { api, embeddedEnv } from './modes';
import { freePort, runBenchmark, startProcess, waitUntilUp } from './processes';
import { medianBy, reportTargets, wrk as runWrk, type WrkResult } from './wrk';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VISITS = Number(process.env.BENCH_VISITS ?? 20_000);
const REST_SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 30);
/** Bun flags for the server (e.g. `--cpu-prof-md --cpu-prof-dir=/tmp/prof`: where its request thread's time goes) */
const SERVER_FLAGS = (process.env.BENCH_BUN_FLAGS ?? '').split(' ').filter(Boolean);
const dataDir = mkdtempSync(join(tmpdir(), 'linkhop-embedded-bench-'));

const wrk = (url: string, seconds = SECONDS) => runWrk(url, { seconds, connections: CONNECTIONS });

/** pid and its descendants (through /proc/<pid>/task/<tid>/children) */
function processTree(pid: number): number[] {
  const children = (p: number) => {
    try {
      return readdirSync(`/proc/${p}/task`).flatMap((tid) => readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    } catch {
      return [];
    }
  };
  return [pid, ...children(pid).flatMap(processTree)];
}

/** VmHWM and VmRSS summed over the process tree, MB */
function memory(pid: number): { peak: number; rss: number } {
  let peak = 0;
  let rss = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      peak += Number(status.match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024;
      rss += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    } catch {
      // the process ended between the listing and the read
    }
  }
  return { peak, rss };
}

async function startLinkhop(port: number) {
  const started = Date.now();
  const server = startProcess([process.execPath, ...SERVER_FLAGS, 'app/main.ts'], embeddedEnv(dataDir, port));
  // sampled while it starts: the peak of a process tree whose parts come and go is not in one VmHWM
  let sampledPeak = 0;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memory(server.pid).rss)), 50);
  await waitUntilUp(`http://127.0.0.1:${port}/healthz`);
  clearInterval(sampler);
  return { server, startMs: Date.now() - started, sampledPeak };
}

const stop = async (server: Subprocess) => {
  server.kill('SIGTERM');
  return server.exited;
};

async function main() {
  const barePort = freePort();
  const bareServer = startProcess([process.execPath, 'bench/bare-server.ts'], { PORT: String(barePort) });
  const bareUrl = `http://127.0.0.1:${barePort}/x`;
  await waitUntilUp(bareUrl);

  // --- 1. first start on an empty DATA_DIR
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const first = await startLinkhop(port);
  const owner = await api(base, 'POST', '/admin/bootstrap', { email: 'bench@example.com', plan: 'pro' });
  const link = (name: string) => api(base, 'POST', `/workspaces/${owner.workspace_id}/links`, { target: `https://example.com/${name}` }, owner.api_key);
  const [hot, exact] = [await link('hot'), await link('exact')];
  await Bun.sleep(5_000);
  const firstIdle = memory(first.server.pid);
  const firstExit = await stop(first.server);

  // --- 2. restart
  const restart = await startLinkhop(port);
  await Bun.sleep(5_000);
  const restartIdle = memory(restart.server.pid);
  const server = restart.server;

  // --- 3. rounds: bare → cached link, clicks stored during the window
  const clickCount = async (id: string): Promise<number> =>
    (await api(base, 'GET', `/workspaces/${owner.workspace_id}/links/${id}`, undefined, owner.api_key)).click_count;
  await wrk(`${base}/${hot.slug}`, 2);
  await wrk(bareUrl, 2);
  const rounds: { bare: WrkResult; linkhop: WrkResult; storedInWindow: number }[] = [];
  /** until the link's count stops moving: every click served so far is stored */
  const settled = async (id: string) => {
    for (let last = -1, now = await clickCount(id); now !== last; last = now, now = await clickCount(id)) await Bun.sleep(500);
  };
  for (let round = 0; round < ROUNDS; round++) {
    // the bare run gets a quiet machine: the previous round's clicks are stored first (a bare run
    // beside the database thread still storing them ran at 55–77% of a quiet one, and flattered its round)
    await settled(hot.id);
    const bare = await wrk(bareUrl);
    const before = await clickCount(hot.id);
    const linkhop = await wrk(`${base}/${hot.slug}`);
    rounds.push({ bare, linkhop, storedInWindow: (await clickCount(hot.id)) - before });
  }
  bareServer.kill();
  const median = medianBy(rounds, (r) => r.linkhop.rps / r.bare.rps);

  // --- 4. exact visits, then memory once everything is stored
  const load = startProcess([process.execPath, 'bench/visits.ts', `${base}/${exact.slug}`, String(VISITS), String(CONNECTIONS)], {}, 'pipe');
  const visits = JSON.parse((await new Response(load.stdout).text()).trim().split('\n').pop()!);
  await settled(exact.id);
  const afterLoad = memory(server.pid);
  await Bun.sleep(REST_SECONDS * 1000);
  const atRest = memory(server.pid);

  // --- 5. clean stop, then the data directory read back
  const stopExit = await stop(server);
  const database = await openDatabase({ dataDir, migrate: false });
  const stored = rowsOf<{ id: string; rows: number; counted: number }>(
    await database.db.execute(
      sql`select l.id, (select count(*)::int from clicks c where c.link_id::text = l.id) as rows, l.click_count::int as counted from links l`,
    ),
  );
  await database.close();
  const of = (id: string) => stored.find((r) => r.id === id) ?? { rows: NaN, counted: NaN };
  const hotRows = of(hot.id);
  const exactRows = of(exact.id);
  const ratio = (r: { bare: WrkResult; linkhop: WrkResult }) => r.linkhop.rps / r.bare.rps;
  const targets = {
    ratio: ratio(median) >= 0.45,
    p99: median.linkhop.p99 <= 10,
    firstPeak: Math.max(first.sampledPeak, firstIdle.peak) <= 400,
    idle: firstIdle.rss <= 200 && restartIdle.rss <= 200,
    afterLoad: atRest.rss <= 250,
    exact: exactRows.rows === VISITS && exactRows.counted === VISITS && visits.statuses['3xx'] === VISITS,
    hot: hotRows.rows === hotRows.counted && rounds.every((r) => r.storedInWindow > 0),
    cleanStops: firstExit === 0 && stopExit === 0,
  };
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
  console.log(
    `\nLinkhop embedded benchmark — ${new Date().toISOString()}, ${navigator.hardwareConcurrency} cores, wrk -t2 -c${CONNECTIONS} -d${SECONDS}s on loopback, ${ROUNDS} rounds\n`,
  );
  console.log(
    [
      `| round | bare req/s (p99 ms) | Linkhop req/s | × bare | p50 ms | p99 ms | clicks served → stored during the window |`,
      `|---|---:|---:|---:|---:|---:|---|`,
      ...rounds.map(
        (r, i) =>
          `| ${i + 1}${r === median ? ' (median)' : ''} | ${r.bare.rps.toFixed(0)} (${ms(r.bare.p99)}) | ${r.linkhop.rps.toFixed(0)} | ${ratio(r).toFixed(2)} | ${ms(r.linkhop.p50)} | ${ms(r.linkhop.p99)} | ${r.linkhop.requests} → ${r.storedInWindow} |`,
      ),
      '',
      `| check | result | target |`,
      `|---|---|---|`,
      `| cached redirect, median round | ${ratio(median).toFixed(2)}× bare, p99 ${ms(median.linkhop.p99)} ms | ≥ 0.45×, p99 ≤ 10 ms: ${verdict(targets.ratio)}, ${verdict(targets.p99)} |`,
      `| first start (empty DATA_DIR): peak of the process tree | VmHWM ${mb(firstIdle.peak)} (sampled RSS while starting ${mb(first.sampledPeak)}), answering after ${(first.startMs / 1000).toFixed(1)} s | ≤ 400 MB ${verdict(targets.firstPeak)} |`,
      `| idle after the first start / after a restart | ${mb(firstIdle.rss)} / ${mb(restartIdle.rss)} (restart peak ${mb(restartIdle.peak)}, answering after ${(restart.startMs / 1000).toFixed(1)} s) | ≤ 200 MB ${verdict(targets.idle)} |`,
      `| after the load run: once all rounds' and the exact visits' clicks are stored / ${REST_SECONDS} s later, at rest | ${mb(afterLoad.rss)} / ${mb(atRest.rss)} (peak ${mb(atRest.peak)}) | at rest ≤ 250 MB ${verdict(targets.afterLoad)} |`,
      `| ${VISITS} visits (autocannon, ${visits.rps.toFixed(0)} req/s) → after a clean stop | ${visits.statuses['3xx']} × 3xx; ${exactRows.rows} rows, click_count ${exactRows.counted} | exactly ${VISITS}: ${verdict(targets.exact)} |`,
      `| the rounds' link after the clean stop | ${hotRows.rows} rows, click_count ${hotRows.counted} (wrk counted ${rounds.reduce((n, r) => n + r.linkhop.requests, 0)} answers in its windows) | rows = click_count, clicks stored in every window: ${verdict(targets.hot)} |`,
      `| clean stops (SIGTERM) | exit ${firstExit}, ${stopExit} | 0: ${verdict(targets.cleanStops)} |`,
    ].join('\n'),
  );
  return reportTargets(
    targets,
    rounds.flatMap((r) => [r.bare, r.linkhop]),
  );
}

await runBenchmark(main, () => rmSync(dataDir, { recursive: true, force: true }));
