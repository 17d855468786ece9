/**
 * Where the embedded default's CPU goes, per thread: `bun bench/embedded-threads.ts` (needs Debian `wrk`).
 *
 * One embedded server on a fresh DATA_DIR, one cached link, BENCH_SECONDS of wrk (every visit a
 * stored click); each thread's CPU time (/proc/<pid>/task/<tid>/stat) over the window and until the
 * window's clicks are all stored, in µs per redirect. Says how much of a redirect's cost is the
 * request thread's and how much the embedded database's thread (core/pglite-worker.ts) storing it,
 * and how long an API read waits meanwhile (every 50 ms during the window).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { statCpuMs, usedBetween } from './cpu-split';
import { api, embeddedEnv } from './modes';
import { freePort, runBenchmark, startProcess, waitUntilUp } from './processes';
import { wrk } from './wrk';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

/** CPU ms per thread name (threads of one name summed) */
function threads(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      byName.set(name, (byName.get(name) ?? 0) + statCpuMs(stat));
    } catch {}
  }
  return byName;
}

/** µs per redirect of each thread between two readings */
const perRedirect = (before: Map<string, number>, after: Map<string, number>, redirects: number) => usedBetween(before, after, redirects / 1000, 1);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkhop-threads-'));
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess([process.execPath, 'app/main.ts'], embeddedEnv(dataDir, port));
  try {
    await waitUntilUp(`${base}/healthz`);
    const owner = await api(base, 'POST', '/admin/bootstrap', { email: 'bench@example.com', plan: 'pro' });
    const link = await api(base, 'POST', `/workspaces/${owner.workspace_id}/links`, { target: 'https://example.com/t' }, owner.api_key);
    const count = async () => (await api(base, 'GET', `/workspaces/${owner.workspace_id}/links/${link.id}`, undefined, owner.api_key)).click_count as number;
    /** until the link's count stops moving: every click served so far is stored */
    const settled = async () => {
      for (let last = -1, now = await count(); now !== last; last = now, now = await count()) await Bun.sleep(500);
    };
    await wrk(`${base}/${link.slug}`, { seconds: 2, connections: CONNECTIONS });
    await settled();
    const start = await count();
    const before = threads(server.pid);
    // an API read every 50 ms during the window: it waits behind the storing transaction on the database's one connection
    let loading = true;
    const apiMs: number[] = [];
    const probe = (async () => {
      while (loading) {
        const started = performance.now();
        await count();
        apiMs.push(performance.now() - started);
        await Bun.sleep(50);
      }
    })();
    const result = await wrk(`${base}/${link.slug}`, { seconds: SECONDS, connections: CONNECTIONS });
    loading = false;
    await probe;
    const windowEnd = threads(server.pid);
    const storedInWindow = (await count()) - start;
    await settled();
    const whenStored = threads(server.pid);
    const served = (await count()) - start;
    console.log(`${result.requests} redirects (${Math.round(result.rps)} req/s), ${storedInWindow} stored in the window, ${served} in all`);
    console.log(`in the window, µs per redirect: ${perRedirect(before, windowEnd, served)}`);
    console.log(`window + storing the rest: ${perRedirect(before, whenStored, served)}`);
    apiMs.sort((a, b) => a - b);
    const at = (q: number) => apiMs[Math.min(apiMs.length - 1, Math.floor(q * apiMs.length))]!.toFixed(1);
    console.log(`GET /links/{id} during the window (${apiMs.length} reads): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
    return true;
  } finally {
    server.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await runBenchmark(main);
