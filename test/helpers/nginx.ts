import { spawn, type Subprocess } from 'bun';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './pg-cluster';
import { waitFor } from './processes';

/** Debian's nginx (`nginx-light`); tests that need it skip, saying so, where it is not installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

export interface Nginx {
  /** where nginx listens: 127.0.0.1:port */
  port: number;
  stop(): Promise<void>;
}

/**
 * A real nginx in front of `upstreamPort`, as the README configures one: `X-Forwarded-For` set to
 * `$proxy_add_x_forwarded_for` (the header received, plus the address nginx saw). A child process of
 * the test with its own prefix (config, pid, logs, temp files) in a temp directory, on a free port.
 */
export async function startNginx(upstreamPort: number): Promise<Nginx> {
  if (!NGINX) throw new Error('nginx is not installed');
  const prefix = mkdtempSync(join(tmpdir(), 'lh-nginx-'));
  chmodSync(prefix, 0o755); // workers run as nobody when the test runs as root
  for (const dir of ['body', 'proxy']) mkdirSync(join(prefix, dir), { mode: 0o777 });
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  );
  const proc: Subprocess = spawn([NGINX, '-p', prefix, '-c', conf, '-e', join(prefix, 'error.log'), '-g', 'daemon off;'], { stdout: 'ignore', stderr: 'pipe' });
  const log = () => (existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '');
  try {
    await waitFor(
      async () => {
        if (proc.exitCode !== null) throw new Error(`nginx exited ${proc.exitCode}: ${await new Response(proc.stderr as ReadableStream).text()}${log()}`);
        return (
          existsSync(join(prefix, 'nginx.pid')) &&
          (await fetch(`http://127.0.0.1:${port}/healthz`).then(
            (r) => r.status < 500,
            () => false,
          ))
        );
      },
      10_000,
      'nginx to listen',
    );
  } catch (error) {
    proc.kill('SIGKILL');
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    async stop() {
      proc.kill('SIGQUIT');
      await Promise.race([proc.exited, Bun.sleep(3000)]);
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request to nginx sent from the loopback address `from` (127.0.0.2, 127.0.0.3, …: Linux
 * routes all of 127/8 to lo), so that nginx sees a client other than itself; `fetch` cannot choose its source address.
 */
export function requestFrom(
  from: string,
  port: number,
  opts: { method?: string; path: string; headers: Record<string, string>; body?: string },
): Promise<ProxiedResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, localAddress: from, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}
