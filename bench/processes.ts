import { spawn, type Subprocess } from 'bun';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** The repository root: benchmarks start `app/main.ts`, workers and load drivers from there. */
export const ROOT = join(import.meta.dir, '..');

/** SECRETS_KEY of a benchmark run on PostgreSQL (production processes need one, the same in each): SECRETS_KEY when set, else one for this run. */
export const BENCH_SECRETS_KEY = process.env.SECRETS_KEY || randomBytes(32).toString('base64');

const running: Subprocess[] = [];

/** A free TCP port on this machine (bound and released at once). */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/**
 * Poll `url` (with an optional Host header) until anything answers; 2 minutes at most (a first
 * embedded start unpacks its database: 4 s on a quiet machine, over 30 s at a load average of 30).
 */
export async function waitUntilUp(url: string, host?: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (
      await fetch(url, { redirect: 'manual', headers: host ? { host } : {} }).then(
        () => true,
        () => false,
      )
    )
      return;
    await Bun.sleep(100);
  }
  throw new Error(`server at ${url} did not start`);
}

/** A child process from ROOT with extra env; stopped by stopProcesses() whatever happens. */
export function startProcess(cmd: string[], env: Record<string, string>, stdout: 'ignore' | 'pipe' = 'ignore') {
  const child = spawn(cmd, { cwd: ROOT, env: { ...process.env, ...env }, stdout, stderr: 'inherit' });
  running.push(child);
  return child;
}

export function stopProcesses(): void {
  for (const child of running) if (!child.killed) child.kill();
}

/** Runs a benchmark, stops its processes whatever happens, and exits 1 when a target was missed (scripts and CI jobs). */
export async function runBenchmark(main: () => Promise<boolean>, cleanup: () => void = () => {}): Promise<never> {
  let allMet = false;
  try {
    allMet = await main();
  } finally {
    stopProcesses();
    cleanup();
  }
  process.exit(allMet ? 0 : 1);
}
