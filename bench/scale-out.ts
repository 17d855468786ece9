/**
 * Scale-out as compose.yaml runs it: Caddy in front (round robin, as deploy/Caddyfile), 1 and then 2
 * API processes, one clicks worker, PostgreSQL and Redis, all on this machine. The same load
 * (BENCH_SECONDS of redirects of one cached link at BENCH_CONNECTIONS, autocannon in a process of its
 * own) goes through Caddy to each topology, BENCH_ROUNDS rounds alternating; every click must be
 * stored. A bare Bun.serve behind the same Caddy is the ceiling of the box.
 *
 *   bun bench/scale-out.ts        (needs caddy; BENCH_DATABASE_URL, BENCH_REDIS_URL as the other benches)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { productionMode } from './modes';
import { freePort, runBenchmark, startProcess, waitUntilUp } from './processes';

const DB_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const work = mkdtempSync(join(tmpdir(), 'linkhop-scale-'));

interface Load {
  rps: number;
  p99_ms: number;
  redirects: number;
}

async function load(url: string): Promise<Load> {
  const driver = startProcess([process.execPath, 'bench/visits.ts', url, '0', String(CONNECTIONS), String(SECONDS)], {}, 'pipe');
  const out = JSON.parse((await new Response(driver.stdout).text()).trim().split('\n').pop()!);
  if (out.statuses['3xx'] !== out.requests) throw new Error(`${url}: ${out.statuses['3xx']} redirects of ${out.requests} (${JSON.stringify(out)})`);
  return { rps: out.rps, p99_ms: out.p99_ms, redirects: out.statuses['3xx'] };
}

/** A Caddy on `port` sending every request round robin to `upstreams`, Host set to the short domain's (`host`). */
function caddy(port: number, upstreams: string[], host: string, name: string) {
  const dir = join(work, name);
  const file = join(work, `${name}.Caddyfile`);
  writeFileSync(
    file,
    `{\n\tadmin off\n\tauto_https off\n\tstorage file_system {\n\t\troot ${dir}\n\t}\n}\n:${port} {\n\treverse_proxy ${upstreams.join(' ')} {\n\t\tlb_policy round_robin\n\t\theader_up Host ${host}\n\t}\n}\n`,
  );
  return startProcess(['caddy', 'run', '--config', file, '--adapter', 'caddyfile'], { HOME: work, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir });
}

async function main(): Promise<boolean> {
  const before = loadavg();
  const production = await productionMode('scale', {
    databaseUrl: DB_URL,
    redisUrl: REDIS_URL,
    workDir: work,
    links: [{ target: 'https://example.com/landing?ref=scale' }],
  });
  const [slug] = production.slugs;
  const sql = postgres(production.dbUrl, { max: 1, onnotice: () => {} });
  const ports = { a: Number(production.env.PORT), b: freePort(), bare: freePort(), one: freePort(), two: freePort(), bareProxy: freePort() };
  // the second API process: the same settings, its own port and click spool
  startProcess([process.execPath, 'app/main.ts'], production.env);
  startProcess([process.execPath, 'app/main.ts'], { ...production.env, PORT: String(ports.b), DATA_DIR: join(work, 'data-b') });
  startProcess([process.execPath, 'app/workers/clicks.ts'], production.env);
  startProcess([process.execPath, 'bench/bare-server.ts'], { PORT: String(ports.bare) });
  caddy(ports.one, [`127.0.0.1:${ports.a}`], production.host, 'one');
  caddy(ports.two, [`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`], production.host, 'two');
  caddy(ports.bareProxy, [`127.0.0.1:${ports.bare}`], production.host, 'bare');
  try {
    for (const port of [ports.a, ports.b, ports.one, ports.two, ports.bareProxy]) await waitUntilUp(`http://127.0.0.1:${port}/healthz`, production.host);
    const url = (port: number) => `http://127.0.0.1:${port}/${slug}`;
    const cases = { 'bare Bun.serve behind Caddy': ports.bareProxy, 'Caddy → 1 API process': ports.one, 'Caddy → 2 API processes': ports.two };
    // warm-up: both API processes cache the link
    const warmup = await load(url(ports.two));
    const results: Record<string, Load[]> = {};
    for (let round = 0; round < ROUNDS; round++) for (const [name, port] of Object.entries(cases)) (results[name] ??= []).push(await load(url(port)));
    const served = Object.entries(results)
      .filter(([name]) => name.includes('API'))
      .reduce((n, [, runs]) => n + runs.reduce((m, r) => m + r.redirects, 0), 0);
    const expected = served + warmup.redirects;
    const deadline = Date.now() + 120_000;
    let stored = 0;
    while (Date.now() < deadline && (stored = (await sql`select click_count::int as n from links where slug = ${slug!}`)[0]!.n) < expected)
      await Bun.sleep(200);
    const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    console.log(
      `\nLinkhop scale-out through Caddy — ${new Date().toISOString()}, ${navigator.hardwareConcurrency} cores, load average ${before.join(' ')} before / ${loadavg().join(' ')} after`,
    );
    console.log(
      `${SECONDS} s of redirects of one cached link per run at ${CONNECTIONS} connections, ${ROUNDS} rounds alternating; one clicks worker storing\n`,
    );
    console.log('| topology | req/s, each round | median req/s | p99 ms (median) |\n|---|---:|---:|---:|');
    for (const [name, runs] of Object.entries(results))
      console.log(
        `| ${name} | ${runs.map((r) => Math.round(r.rps)).join(', ')} | ${Math.round(median(runs.map((r) => r.rps)))} | ${median(runs.map((r) => r.p99_ms))} |`,
      );
    console.log(`\nclicks stored: ${stored}; redirects counted through Linkhop: ${expected} (plus up to ${CONNECTIONS} in flight at each run's end)`);
    await sql.end();
    // a run's last requests (up to one per connection) may be answered, and their clicks stored, after the driver stopped counting
    return stored >= expected && stored <= expected + CONNECTIONS * (2 * ROUNDS + 1);
  } finally {
    await production.drop().catch(() => {});
  }
}

await runBenchmark(main, () => rmSync(work, { recursive: true, force: true }));
