import { spawn, type Subprocess } from 'bun';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './pg-cluster';
import { waitFor } from './processes';

/** Debian's `pgbouncer`; tests that need it skip where it is absent (and fail under CI=true). */
export const PGBOUNCER_BIN = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path));

export interface PgBouncer {
  /** `url` with its host and port replaced by PgBouncer's */
  through(url: string): string;
  /** the server connections PgBouncer opened so far (its log's "new connection to server" lines) */
  serverConnections(): number;
  stop(): Promise<void>;
}

/**
 * A PgBouncer of the test's own in transaction mode in front of `serverUrl`'s PostgreSQL, every
 * database passed through (`* =`), at most `poolSize` server connections per database. Runs as
 * `postgres` when the test runs as root (PgBouncer refuses root).
 */
export async function startPgBouncer(serverUrl: string, poolSize: number): Promise<PgBouncer> {
  if (!PGBOUNCER_BIN) throw new Error('pgbouncer is not installed');
  const server = new URL(serverUrl);
  const dir = mkdtempSync(join(tmpdir(), 'lh-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'users.txt'), `"${decodeURIComponent(server.username || 'postgres')}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      // postgres.js sends these start-up parameters; PgBouncer passes on only those it knows
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  const root = process.getuid?.() === 0;
  if (root) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chmodSync(dir, 0o755);
    for (const name of ['', 'users.txt', 'pgbouncer.ini']) chownSync(join(dir, name), uid, gid);
  }
  const proc: Subprocess = spawn([PGBOUNCER_BIN, ...(root ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], { stdout: 'ignore', stderr: 'pipe' });
  const log = () => (existsSync(join(dir, 'pgbouncer.log')) ? readFileSync(join(dir, 'pgbouncer.log'), 'utf8') : '');
  await waitFor(
    async () => {
      if (proc.exitCode !== null) throw new Error(`pgbouncer exited ${proc.exitCode}: ${log()}`);
      return log().includes('process up');
    },
    10_000,
    'pgbouncer to listen',
  );
  return {
    through(url) {
      const via = new URL(url);
      via.hostname = '127.0.0.1';
      via.port = String(port);
      return via.toString();
    },
    serverConnections: () =>
      log()
        .split('\n')
        .filter((line) => line.includes('new connection to server')).length,
    async stop() {
      proc.kill('SIGTERM');
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
