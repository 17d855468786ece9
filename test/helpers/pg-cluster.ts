import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';
/** The PostgreSQL 15 server binaries (Debian `postgresql-15`); tests that start clusters skip where they are absent. */
export const PG_SERVER_BINARIES = existsSync(`${BIN}/pg_ctl`) && existsSync(`${BIN}/pg_basebackup`);

/** A free loopback TCP port (bound then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  url: string;
  port: number;
  start(): void;
  /** `pg_ctl stop -m immediate`: every connection dies at once, like a crash */
  stop(): void;
  /** a replica: `pg_ctl promote`, it becomes a primary */
  promote(): void;
  destroy(): void;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a server binary as `postgres` (PostgreSQL refuses root). */
function asPostgres(args: string[]) {
  const res = isRoot()
    ? spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' })
    : spawnSync(args[0]!, args.slice(1), { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${args.join(' ')} failed: ${res.stderr || res.stdout}`);
}

/** A temp directory the `postgres` user owns when the test runs as root. */
function clusterDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lh-pg-'));
  if (isRoot()) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

/** `settings`: extra `-c name=value` server settings (e.g. shared_preload_libraries=pg_stat_statements). */
function clusterAt(dir: string, port: number, settings: string[]): PgCluster {
  const data = join(dir, 'data');
  const opts = [`-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c max_connections=50`, ...settings.map((s) => `-c ${s}`)].join(' ');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => asPostgres([`${BIN}/pg_ctl`, '-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']),
    stop: () => asPostgres([`${BIN}/pg_ctl`, '-D', data, '-m', 'immediate', '-w', 'stop']),
    promote: () => asPostgres([`${BIN}/pg_ctl`, '-D', data, '-w', 'promote']),
    destroy: () => {
      spawnSync('runuser', ['-u', 'postgres', '--', `${BIN}/pg_ctl`, '-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A private PostgreSQL cluster for fault tests (stop/restart without touching the shared
 * server): initdb in a tmp dir on a random loopback port, trust auth (replication connections
 * included), run as `postgres`. Needs the server binaries; only the Postgres-mode tests use it.
 */
export async function startPgCluster(opts: { settings?: string[] } = {}): Promise<PgCluster> {
  const dir = clusterDir();
  asPostgres([`${BIN}/initdb`, '-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const cluster = clusterAt(dir, await freePort(), opts.settings ?? []);
  cluster.start();
  return cluster;
}

/** A streaming replica of `primary` (pg_basebackup -R), started on a port of its own. */
export async function startPgReplica(primary: PgCluster, opts: { settings?: string[] } = {}): Promise<PgCluster> {
  const dir = clusterDir();
  asPostgres([
    `${BIN}/pg_basebackup`,
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    join(dir, 'data'),
    '-R',
    '-X',
    'stream',
    '--no-sync',
  ]);
  const replica = clusterAt(dir, await freePort(), opts.settings ?? []);
  replica.start();
  return replica;
}
