import { spawn, type Subprocess } from 'bun';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_TOKEN, DEFAULT_DOMAIN, SITE_URL, TEST_SPOOL_RESERVE, type ApiResponse } from './app';
import { freePort } from './pg-cluster';
import { defaultDataDir } from './processes';

export interface ServerProcess {
  url: string;
  proc: Subprocess;
  /** JSON request to the API of that process, as a client with `key` (or with `headers`: a session cookie) would send it */
  api<T = any>(method: string, path: string, opts?: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  /** operator bootstrap through that process */
  bootstrap(plan?: string): Promise<{ userId: string; workspaceId: string; key: string }>;
  alive(): boolean;
  /** its resident memory (VmRSS of /proc/<pid>/status), in MB */
  rssMb(): number;
  stop(): Promise<void>;
}

/**
 * `bun app/main.ts` as its own process (production entry point: its uncaught-error policy,
 * its pools), on a free loopback port, with the test site/default domain and `env` on top.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn([process.execPath, 'app/main.ts'], {
    cwd: join(import.meta.dir, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL,
      DEFAULT_DOMAIN,
      ADMIN_TOKEN,
      LOG_LEVEL: 'error',
      DATA_DIR: defaultDataDir(),
      ...TEST_SPOOL_RESERVE,
      ...env,
    },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  const siteHost = new URL(SITE_URL).host;
  const server: ServerProcess = {
    url,
    proc,
    async api(method, path, { key, body, headers: extra = {} } = {}) {
      const headers: Record<string, string> = { host: siteHost, ...(key ? { 'x-api-key': key } : {}), ...extra };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${url}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }).catch((error) => {
        throw server.alive() ? error : new Error(`server process is gone (exit code ${proc.exitCode}, signal ${proc.signalCode}): ${error}`);
      });
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: res.status, body: parsed, headers: res.headers, text };
    },
    async bootstrap(plan = 'pro') {
      const email = `proc-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const res = await fetch(`${url}/api/admin/bootstrap`, {
        method: 'POST',
        headers: { host: siteHost, authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, plan }),
      });
      const body: any = await res.json();
      if (res.status !== 201) throw new Error(`bootstrap failed: ${res.status} ${JSON.stringify(body)}`);
      return { userId: body.user_id, workspaceId: body.workspace_id, key: body.api_key };
    },
    alive: () => proc.exitCode === null && proc.signalCode === null,
    rssMb: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))![1]) / 1024,
    async stop() {
      proc.kill('SIGTERM');
      await Promise.race([proc.exited, Bun.sleep(5000)]);
      if (server.alive()) proc.kill('SIGKILL');
    },
  };
  // 2 minutes: a first embedded start unpacks its database (seconds on a quiet machine, over 30 s at a load average of 30)
  for (let i = 0; i < 1200; i++) {
    if (!server.alive()) throw new Error(`server process exited with ${proc.exitCode}`);
    if (
      await fetch(`${url}/healthz`, { headers: { host: siteHost } }).then(
        () => true,
        () => false,
      )
    )
      return server;
    await Bun.sleep(100);
  }
  await server.stop();
  throw new Error('server process did not start');
}
