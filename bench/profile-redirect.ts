/**
 * Profiles one server under the redirect guard's load: `bun bench/profile-redirect.ts production|embedded`
 * (needs PostgreSQL and Redis for production). Starts `app/main.ts` (and, in production, the clicks
 * worker) with `bun --cpu-prof-md`, warms it up, sends BENCH_REQUESTS redirects of one cached link
 * (default 200,000) with autocannon in its own process, stops it with SIGTERM and prints where the
 * profile was written (BENCH_PROFILE_DIR, default a temporary directory).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, embeddedEnv, productionMode } from './modes';
import { freePort, runBenchmark, startProcess, waitUntilUp } from './processes';

const mode = process.argv[2] ?? 'production';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200_000);
const work = mkdtempSync(join(tmpdir(), 'linkhop-profile-'));
const profileDir = process.env.BENCH_PROFILE_DIR ?? join(work, 'profile');
const profiled = [process.execPath, '--cpu-prof-md', `--cpu-prof-dir=${profileDir}`, 'app/main.ts'];

async function load(url: string, amount: number) {
  const visits = startProcess([process.execPath, 'bench/visits.ts', url, String(amount), '64'], {}, 'pipe');
  console.log((await new Response(visits.stdout).text()).trim());
}

async function main(): Promise<boolean> {
  if (mode === 'production') {
    const production = await productionMode('profile', {
      databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      workDir: work,
      links: [{ target: 'https://example.com/landing?ref=guard', utm_params: { source: 'guard' } }],
    });
    const server = startProcess(profiled, production.env);
    const worker = startProcess([process.execPath, 'app/workers/clicks.ts'], production.env);
    try {
      const url = `http://${production.host}/${production.slugs[0]}`;
      await waitUntilUp(`http://${production.host}/healthcheck-probe`);
      await load(url, 20_000);
      await load(url, REQUESTS);
    } finally {
      server.kill('SIGTERM');
      worker.kill('SIGTERM');
      await Promise.all([server.exited, worker.exited]);
      await production.drop();
    }
  } else {
    const port = freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startProcess(profiled, embeddedEnv(join(work, 'embedded'), port));
    try {
      await waitUntilUp(`${base}/healthz`);
      const owner = await api(base, 'POST', '/admin/bootstrap', { email: 'profile@example.com', plan: 'pro' });
      const link = await api(base, 'POST', `/workspaces/${owner.workspace_id}/links`, { target: 'https://example.com/landing?ref=guard' }, owner.api_key);
      await load(`${base}/${link.slug}`, 20_000);
      await load(`${base}/${link.slug}`, REQUESTS);
    } finally {
      server.kill('SIGTERM');
      await server.exited;
    }
  }
  console.log(`profile in ${profileDir}`);
  return true;
}

await runBenchmark(main);
