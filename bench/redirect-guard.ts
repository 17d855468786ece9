/**
 * Redirect guard: `bun bench/redirect-guard.ts` (needs PostgreSQL and Redis; run by .ci/run).
 * Fails when a redirect costs more CPU than the ceilings in bench/redirect-ceilings.json allow.
 *
 * Requests per second move with everything else on a shared machine; the CPU time a server spends
 * per request holds far steadier. So each case serves exactly BENCH_REQUESTS redirects of one
 * cached link at BENCH_CONNECTIONS connections (autocannon, bench/visits.ts, in a process of its
 * own whose CPU is not counted), and the server's CPU time is read from /proc/<pid>/stat before
 * the load and once every click of it is stored:
 *   - bare: a Bun.serve answering a constant 302 (bench/bare-server.ts), the reference;
 *   - production: `app/main.ts` on PostgreSQL + Redis, with the clicks worker (`app/workers/clicks.ts`,
 *     its own process) storing every click during the window: the API's and the worker's CPU, each
 *     and summed;
 *   - embedded: `app/main.ts` on PGlite, clicks stored in process.
 * Every click is checked stored (the link's click_count grows by exactly the redirects served),
 * so the work measured is the real one. After a warm-up of BENCH_WARMUP redirects per case, the
 * cases alternate for BENCH_ROUNDS rounds (bare → production → embedded); each round's ratio is
 * the case's µs per redirect over the bare server's in the same round, and the median round per
 * case is compared with its ceiling. Prints a table, then the figures as one JSON line (also
 * written to BENCH_JSON when set); exits 1 when a ratio is above its ceiling or a click is missing.
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a direct connection,
 * the guard creates and drops a database of its own), BENCH_REDIS_URL (default redis://127.0.0.1:6379),
 * BENCH_REQUESTS (default 60000), BENCH_CONNECTIONS (default 64), BENCH_ROUNDS (default 3),
 * BENCH_WARMUP (default 20000), BENCH_JSON.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { cpuMs } from './cpu-split';
import { api, embeddedEnv, productionMode } from './modes';
import { freePort, ROOT, runBenchmark, startProcess, waitUntilUp } from './processes';
import { type Ceilings, compareWithCeilings, GUARD_CASES, medianRatios, type RoundCpu, roundRatios } from './redirect-guard-check';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20_000);
const CEILINGS_FILE = join(ROOT, 'bench/redirect-ceilings.json');
const work = mkdtempSync(join(tmpdir(), 'linkhop-guard-'));

/** a case the load is sent to: its URL, the processes whose CPU it costs, and its stored clicks so far */
interface Target {
  url: string;
  pids: number[];
  storedClicks?: () => Promise<number>;
}

interface Measured {
  /** CPU µs per redirect of each of the target's processes */
  us: number[];
  /** redirects per second while the load ran (the load generator's own start included) */
  rps: number;
}

/** exactly `amount` redirects from a load generator process of its own; throws unless every answer is a redirect */
async function visits(url: string, amount: number): Promise<void> {
  const load = startProcess([process.execPath, 'bench/visits.ts', url, String(amount), String(CONNECTIONS)], {}, 'pipe');
  const out = JSON.parse((await new Response(load.stdout).text()).trim().split('\n').pop()!);
  if (out.statuses['3xx'] !== amount) throw new Error(`${url}: ${out.statuses['3xx']} redirects of ${amount} (${JSON.stringify(out)})`);
}

/** polls until `read` reaches `expected` (2 minutes at most); more than expected is an error too */
async function until(read: () => Promise<number>, expected: number, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (let now = await read(); now !== expected; now = await read()) {
    if (now > expected) throw new Error(`${what}: ${now} stored, ${expected} served`);
    if (Date.now() > deadline) throw new Error(`${what}: ${now} of ${expected} stored after 2 minutes`);
    await Bun.sleep(100);
  }
}

async function main(): Promise<boolean> {
  const loadBefore = loadavg();
  const started = performance.now();

  const barePort = freePort();
  const bareServer = startProcess([process.execPath, 'bench/bare-server.ts'], { PORT: String(barePort) });

  const production = await productionMode('guard', {
    databaseUrl: DB_URL,
    redisUrl: REDIS_URL,
    workDir: work,
    links: [{ target: 'https://example.com/landing?ref=guard', utm_params: { source: 'guard' } }],
  });
  const apiServer = startProcess([process.execPath, 'app/main.ts'], production.env);
  const worker = startProcess([process.execPath, 'app/workers/clicks.ts'], production.env);
  const sql = postgres(production.dbUrl, { max: 1, onnotice: () => {} });

  const embeddedDir = join(work, 'embedded');
  const embeddedPort = freePort();
  const base = `http://127.0.0.1:${embeddedPort}`;
  const embedded = startProcess([process.execPath, 'app/main.ts'], embeddedEnv(embeddedDir, embeddedPort));

  try {
    const productionSlug = production.slugs[0]!;
    await Promise.all([
      waitUntilUp(`http://127.0.0.1:${barePort}/x`),
      waitUntilUp(`http://${production.host}/healthcheck-probe`),
      waitUntilUp(`${base}/healthz`),
    ]);
    const owner = await api(base, 'POST', '/admin/bootstrap', { email: 'guard@example.com', plan: 'pro' });
    const link = await api(base, 'POST', `/workspaces/${owner.workspace_id}/links`, { target: 'https://example.com/landing?ref=guard' }, owner.api_key);

    const targets: Record<'bare' | 'production' | 'embedded', Target> = {
      bare: { url: `http://127.0.0.1:${barePort}/x`, pids: [bareServer.pid] },
      production: {
        url: `http://${production.host}/${productionSlug}`,
        pids: [apiServer.pid, worker.pid],
        storedClicks: async () => (await sql`select click_count::int as n from links where slug = ${productionSlug}`)[0]!.n,
      },
      embedded: {
        url: `${base}/${link.slug}`,
        pids: [embedded.pid],
        // a few API reads while the window closes: ~1 ms of the server's CPU against seconds of redirects
        storedClicks: async () => (await api(base, 'GET', `/workspaces/${owner.workspace_id}/links/${link.id}`, undefined, owner.api_key)).click_count,
      },
    };
    const served = { bare: 0, production: 0, embedded: 0 };

    /** `amount` redirects to one target; CPU read before and once all their clicks are stored */
    const measure = async (name: keyof typeof targets, amount: number): Promise<Measured> => {
      const target = targets[name];
      const before = await Promise.all(target.pids.map(cpuMs));
      const t0 = performance.now();
      await visits(target.url, amount);
      const rps = amount / ((performance.now() - t0) / 1000);
      served[name] += amount;
      if (target.storedClicks) await until(target.storedClicks, served[name], `${name} clicks`);
      const after = await Promise.all(target.pids.map(cpuMs));
      return { us: after.map((ms, i) => ((ms - before[i]!) * 1000) / amount), rps };
    };

    // warm-up: the JIT, the link caches and the click pipelines (not measured)
    for (const name of ['bare', 'production', 'embedded'] as const) await measure(name, WARMUP);

    const rounds: { cpu: RoundCpu; windows: Record<string, Measured> }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bare = await measure('bare', REQUESTS);
      const prod = await measure('production', REQUESTS);
      const emb = await measure('embedded', REQUESTS);
      rounds.push({
        cpu: { bare: bare.us[0]!, api: prod.us[0]!, worker: prod.us[1]!, embedded: emb.us[0]! },
        windows: { bare, production: prod, embedded: emb },
      });
    }

    const ceilings: Ceilings = JSON.parse(readFileSync(CEILINGS_FILE, 'utf8'));
    const ratios = medianRatios(rounds.map((r) => r.cpu));
    const verdicts = compareWithCeilings(ratios, ceilings);
    const loadAfter = loadavg();
    const minutes = (performance.now() - started) / 60_000;

    const each = (f: (r: (typeof rounds)[number]) => number, digits = 1) => rounds.map((r) => f(r).toFixed(digits)).join(', ');
    const cpuOf: Record<keyof typeof GUARD_CASES, (c: RoundCpu) => number> = {
      api: (c) => c.api,
      worker: (c) => c.worker,
      production: (c) => c.api + c.worker,
      embedded: (c) => c.embedded,
    };
    console.log(
      `\nLinkhop redirect guard — ${new Date().toISOString()}, ${navigator.hardwareConcurrency} cores, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before / ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after; ${REQUESTS} redirects per case and round (autocannon, ${CONNECTIONS} connections), ${ROUNDS} rounds after ${WARMUP} warm-up redirects, ${minutes.toFixed(1)} min\n`,
    );
    console.log(
      [
        `| case | CPU µs per redirect, each round | × bare, each round | median × bare | ceiling | |`,
        `|---|---:|---:|---:|---:|---|`,
        `| bare Bun.serve constant 302 | ${each((r) => r.cpu.bare)} | 1.00 | 1.00 | | req/s ${each((r) => r.windows.bare!.rps, 0)} |`,
        ...verdicts.map(
          (v) =>
            `| ${GUARD_CASES[v.case]} | ${each((r) => cpuOf[v.case](r.cpu))} | ${each((r) => roundRatios(r.cpu)[v.case], 2)} | **${v.ratio.toFixed(2)}** | ${v.ceiling.toFixed(2)} | ${v.ok ? 'ok' : 'ABOVE THE CEILING'} |`,
        ),
        '',
        `req/s: production ${each((r) => r.windows.production!.rps, 0)}; embedded ${each((r) => r.windows.embedded!.rps, 0)}. ` +
          `Every click stored: production click_count ${served.production}, embedded ${served.embedded} (warm-up included).`,
      ].join('\n'),
    );
    const above = verdicts.filter((v) => !v.ok);
    console.log(
      above.length
        ? `\nredirect guard FAILED: ${above.map((v) => `${GUARD_CASES[v.case]} ${v.ratio.toFixed(2)}× bare > ceiling ${v.ceiling.toFixed(2)}`).join('; ')} (bench/redirect-ceilings.json)`
        : '\nredirect guard passed: every ratio under its ceiling',
    );
    const figures = {
      at: new Date().toISOString(),
      loadavg: { before: loadBefore, after: loadAfter },
      requests: REQUESTS,
      connections: CONNECTIONS,
      rounds: rounds.map((r) => ({ us: r.cpu, rps: Object.fromEntries(Object.entries(r.windows).map(([k, w]) => [k, Math.round(w.rps)])) })),
      ratios,
      verdicts,
      ok: above.length === 0,
    };
    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(JSON.stringify(figures));
    return figures.ok;
  } finally {
    await sql.end();
    for (const child of [apiServer, worker, embedded]) child.kill('SIGTERM');
    await Promise.all([apiServer.exited, worker.exited, embedded.exited]);
    await production.drop();
  }
}

await runBenchmark(main, () => rmSync(work, { recursive: true, force: true }));
