import { spawn, type Subprocess } from 'bun';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_TOKEN, DEFAULT_DOMAIN, SITE_URL, TEST_SPOOL_RESERVE } from './app';
import { freePort } from './pg-cluster';

/**
 * Real processes for multi-process and fault tests: a private redis-server, `bun app/main.ts`
 * API processes and `bun app/workers/main.ts` workers, each on loopback and stopped by the test.
 */
const ROOT = join(import.meta.dir, '../..');

/** Polls `check` until it holds; throws `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await Bun.sleep(50);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

async function portAnswers(port: number): Promise<boolean> {
  try {
    const socket = await Bun.connect({ hostname: '127.0.0.1', port, socket: { data() {} } });
    socket.end();
    return true;
  } catch {
    return false;
  }
}

export interface RedisServer {
  url: string;
  port: number;
  /** (re)start on the same port and directory: an AOF server reloads what it had */
  start(): Promise<void>;
  /** `kill -9` */
  kill(): Promise<void>;
  /** SIGSTOP: the socket stays open and nothing answers (a hung server) */
  pause(): void;
  /** SIGCONT */
  resume(): void;
  destroy(): Promise<void>;
}

/** A redis-server of the test's own on a free port, configured as BullMQ needs it (noeviction; AOF when asked; a replica of `replicaOf`'s port when given). */
export async function startRedisServer(opts: { aof?: boolean; replicaOf?: number } = {}): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'lh-redis-'));
  let proc: Subprocess | undefined;
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--maxmemory-policy', 'noeviction'];
      args.push('--appendonly', opts.aof ? 'yes' : 'no');
      if (opts.replicaOf) args.push('--replicaof', '127.0.0.1', String(opts.replicaOf));
      proc = spawn(['redis-server', ...args], { stdout: 'ignore', stderr: 'ignore' });
      await waitFor(() => portAnswers(port), 10_000, 'redis-server to listen');
    },
    async kill() {
      proc?.kill('SIGKILL');
      await proc?.exited;
    },
    pause: () => proc?.kill('SIGSTOP'),
    resume: () => proc?.kill('SIGCONT'),
    async destroy() {
      proc?.kill('SIGCONT');
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

export interface ServiceEnv {
  databaseUrl: string;
  /** REDIS_URL (with REDIS_SENTINELS in `extra`: `redis://`, the primary is the Sentinels') */
  redisUrl: string;
  redisPrefix: string;
  [name: string]: string;
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * DATA_DIR (the click spool) of the processes of this test run that name none, as `./data` would be
 * for a deployment: one per test runner, so that a restarted API finds its spool. Those of earlier
 * runs are removed here (bun test runs no exit handlers).
 */
export function defaultDataDir(): string {
  const dir = join(tmpdir(), `lh-proc-data-${process.pid}`);
  if (!existsSync(dir)) {
    for (const name of readdirSync(tmpdir())) {
      const pid = /^lh-proc-data-(\d+)$/.exec(name)?.[1];
      if (pid && !running(Number(pid))) rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
    mkdirSync(dir);
  }
  return dir;
}

/** The environment of an API or worker process (production mode, the test site and short domain). */
function processEnv({ databaseUrl, redisUrl, redisPrefix, ...extra }: ServiceEnv): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SITE_URL,
    DEFAULT_DOMAIN,
    ADMIN_TOKEN,
    LOG_LEVEL: 'info',
    DATA_DIR: defaultDataDir(),
    ...TEST_SPOOL_RESERVE,
    ...extra,
  };
}

export interface ChildProcess {
  proc: Subprocess<'ignore', 'pipe', 'pipe'>;
  /** stdout and stderr lines so far (pino JSON lines) */
  lines: string[];
  /** log lines whose `msg` is `msg` */
  logged(msg: string): number;
  /** SIGTERM (graceful) then wait */
  stop(): Promise<void>;
  /** SIGKILL then wait */
  kill(): Promise<void>;
}

function spawnBun(script: string, args: string[], env: ServiceEnv): ChildProcess {
  const proc = spawn([process.execPath, script, ...args], { cwd: ROOT, env: processEnv(env), stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  const lines: string[] = [];
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let rest = '';
    const reader = stream.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const parts = (rest + decoder.decode(chunk.value, { stream: true })).split('\n');
      rest = parts.pop()!;
      lines.push(...parts);
    }
  };
  void collect(proc.stdout);
  void collect(proc.stderr);
  return {
    proc,
    lines,
    logged: (msg) => lines.filter((line) => line.includes(`"msg":${JSON.stringify(msg)}`)).length,
    async stop() {
      proc.kill('SIGTERM');
      await Promise.race([proc.exited, Bun.sleep(5000)]);
      proc.kill('SIGKILL');
      await proc.exited;
    },
    async kill() {
      proc.kill('SIGKILL');
      await proc.exited;
    },
  };
}

export interface ApiProcess extends ChildProcess {
  url: string;
  /** a visit of a short link on the default domain, redirect not followed */
  visit(slug: string, headers?: Record<string, string>): Promise<Response>;
  /** a JSON API call (path relative to /api) */
  api<T = any>(method: string, path: string, opts?: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: T }>;
}

/** `bun app/main.ts` on a free port; resolves once /healthz answers. */
export async function startApiProcess(env: ServiceEnv): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawnBun('app/main.ts', [], { ...env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  const siteHost = new URL(SITE_URL).host;
  await waitFor(
    async () => {
      if (child.proc.exitCode !== null) throw new Error(`API process exited: ${child.lines.slice(-5).join('\n')}`);
      return fetch(`${url}/healthz`, { headers: { host: siteHost } }).then(
        (r) => r.ok,
        () => false,
      );
    },
    30_000,
    'the API process to answer /healthz',
  );
  return { ...child, ...apiClient(url) };
}

/** Requests to an API listening at `url` (a process of the test's, or a container's), as a client on the site host would send them. */
export function apiClient(url: string): Pick<ApiProcess, 'url' | 'visit' | 'api'> {
  const siteHost = new URL(SITE_URL).host;
  return {
    url,
    visit: (slug, headers = {}) => fetch(`${url}/${slug}`, { redirect: 'manual', headers: { host: DEFAULT_DOMAIN, ...headers } }),
    async api(method, path, { key, body, headers = {} } = {}) {
      const res = await fetch(`${url}/api${path}`, {
        method,
        headers: { host: siteHost, ...(key ? { 'x-api-key': key } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: res.status, body: parsed };
    },
  };
}

/** `bun app/workers/main.ts [queues]`; resolves once its workers started. */
export async function startWorkerProcess(env: ServiceEnv, queues: string[] = []): Promise<ChildProcess> {
  const child = spawnBun('app/workers/main.ts', queues, env);
  await waitFor(
    () => {
      if (child.proc.exitCode !== null) throw new Error(`worker process exited: ${child.lines.slice(-5).join('\n')}`);
      return child.logged('workers started') > 0;
    },
    30_000,
    'the worker process to start',
  );
  return child;
}

/** A new user owning a new workspace on `plan`, through the admin bootstrap of an API process. */
export async function bootstrapOver(api: Pick<ApiProcess, 'api'>, plan = 'pro'): Promise<{ workspaceId: string; key: string }> {
  const res = await api.api('POST', '/admin/bootstrap', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    body: { email: `ops-${crypto.randomUUID().slice(0, 8)}@example.com`, plan },
  });
  if (res.status !== 201) throw new Error(`bootstrap failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { workspaceId: res.body.workspace_id, key: res.body.api_key };
}
