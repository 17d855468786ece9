import { spawn, type Subprocess } from 'bun';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './pg-cluster';
import { waitFor } from './processes';

/** Debian's caddy; tests that need it skip, saying so, where it is not installed (CI installs it). */
export const CADDY = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((path) => existsSync(path));

export interface Caddy {
  /** where Caddy serves https (127.0.0.1) */
  httpsPort: number;
  /** the root certificate of Caddy's internal CA: what a client trusts */
  rootCertificate(): string;
  stop(): Promise<void>;
}

/**
 * A real Caddy in front of `upstreamPort` as docs/operations.md configures one for custom domains:
 * on-demand TLS asking Linkhop's `/api/tls/ask` by the service's address, certificates from Caddy's
 * internal CA (offline), `Host` passed on without Caddy's port.
 */
export async function startCaddy(upstreamPort: number): Promise<Caddy> {
  if (!CADDY) throw new Error('caddy is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'lh-caddy-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const caddyfile = join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
  admin off
  http_port ${httpPort}
  https_port ${httpsPort}
  storage file_system {
    root ${dir}/data
  }
  skip_install_trust
  on_demand_tls {
    ask http://127.0.0.1:${upstreamPort}/api/tls/ask
  }
}
https:// {
  tls internal {
    on_demand
  }
  reverse_proxy 127.0.0.1:${upstreamPort} {
    header_up Host {host}
  }
}
`,
  );
  const proc: Subprocess = spawn([CADDY, 'run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'xdg'), XDG_CONFIG_HOME: join(dir, 'xdg') },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const stderr = new Response(proc.stderr as ReadableStream).text();
  const stop = async () => {
    proc.kill('SIGTERM');
    await Promise.race([proc.exited, Bun.sleep(3000)]);
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () => {
        if (proc.exitCode !== null) throw new Error(`caddy exited ${proc.exitCode}: ${await stderr}`);
        const socket = await Bun.connect({ hostname: '127.0.0.1', port: httpsPort, socket: { data() {} } }).catch(() => null);
        socket?.end();
        return socket !== null;
      },
      15_000,
      'caddy to listen',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { httpsPort, rootCertificate: () => join(dir, 'data/pki/authorities/local/root.crt'), stop };
}

/** An https request to `host` through Caddy, as a browser resolving `host` to it would send it (curl: SNI and Host are `host`). */
export async function viaCaddy(
  caddy: Caddy,
  host: string,
  path: string,
): Promise<{ ok: true; status: number; location: string } | { ok: false; error: string }> {
  const url = `https://${host}:${caddy.httpsPort}${path}`;
  const args = [
    'curl',
    '-sS',
    '--max-time',
    '20',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{redirect_url}',
    '--resolve',
    `${host}:${caddy.httpsPort}:127.0.0.1`,
  ];
  if (existsSync(caddy.rootCertificate())) args.push('--cacert', caddy.rootCertificate());
  const curl = spawn([...args, url], { stdout: 'pipe', stderr: 'pipe' });
  const [out, err] = [await new Response(curl.stdout).text(), await new Response(curl.stderr).text()];
  if ((await curl.exited) !== 0) return { ok: false, error: err.trim() };
  const [status, location = ''] = out.split(' ');
  return { ok: true, status: Number(status), location };
}
