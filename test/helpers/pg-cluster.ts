import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

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
  destroy(): void;
}

/**
 * A private PostgreSQL cluster for fault tests (stop/restart without touching the shared
 * server): initdb in a tmp dir on a random loopback port, trust auth, run as `postgres`
 * (PostgreSQL refuses root). Needs the server binaries; only the Postgres-mode tests use it.
 */
export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'lh-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asPostgres = (args: string[]) => {
    const isRoot = process.getuid?.() === 0;
    const res = isRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' })
      : spawnSync(args[0]!, args.slice(1), { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${args.join(' ')} failed: ${res.stderr || res.stdout}`);
  };
  if (process.getuid?.() === 0) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const uid = Number(pw.stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  asPostgres([`${BIN}/initdb`, '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c max_connections=50`;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => asPostgres([`${BIN}/pg_ctl`, '-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', 'start']),
    stop: () => asPostgres([`${BIN}/pg_ctl`, '-D', data, '-m', 'immediate', '-w', 'stop']),
    destroy: () => {
      spawnSync('runuser', ['-u', 'postgres', '--', `${BIN}/pg_ctl`, '-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
