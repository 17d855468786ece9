import { spawn, type Subprocess } from 'bun';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { freePort } from './pg-cluster';
import { startRedisServer, waitFor, type RedisServer } from './processes';

/** Debian's `redis-sentinel`; tests that need it skip where it is absent (and fail under CI=true). */
export const SENTINEL_BIN = Bun.which('redis-sentinel');
export const SENTINEL_NAME = 'lh';

export interface SentinelSetup {
  primary: RedisServer;
  replica: RedisServer;
  /** host:port of each Sentinel, as REDIS_SENTINELS takes them */
  sentinels: string;
  /** the port of the primary the Sentinels name now */
  primaryPort(): Promise<number>;
  destroy(): Promise<void>;
}

/**
 * A Redis primary, its replica and three Sentinels (quorum 2) of the test's own, on free loopback
 * ports. A primary silent for 1 s is down; the Sentinels then promote the replica.
 */
export async function startSentinelSetup(): Promise<SentinelSetup> {
  const primary = await startRedisServer({ aof: true });
  const replica = await startRedisServer({ aof: true, replicaOf: primary.port });
  const probe = new Redis(replica.url, { lazyConnect: true });
  probe.on('error', () => {});
  await waitFor(async () => (await probe.info('replication')).includes('master_link_status:up'), 10_000, 'the replica to sync');
  probe.disconnect();

  const dir = mkdtempSync(join(tmpdir(), 'lh-sentinel-'));
  const ports = await Promise.all([freePort(), freePort(), freePort()]);
  const procs: Subprocess[] = ports.map((port, i) => {
    const conf = join(dir, `sentinel-${i}.conf`);
    // Sentinel rewrites its configuration file as it learns the replicas and the other Sentinels
    writeFileSync(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${primary.port} 2`,
        `sentinel down-after-milliseconds ${SENTINEL_NAME} 1000`,
        `sentinel failover-timeout ${SENTINEL_NAME} 10000`,
        `sentinel parallel-syncs ${SENTINEL_NAME} 1`,
        '',
      ].join('\n'),
    );
    return spawn([SENTINEL_BIN!, conf], { stdout: 'ignore', stderr: 'ignore' });
  });
  const asked = new Redis({ port: ports[0], host: '127.0.0.1', lazyConnect: true });
  asked.on('error', () => {});
  const primaryPort = async () => Number(((await asked.call('sentinel', 'get-master-addr-by-name', SENTINEL_NAME)) as string[])[1]);
  // each Sentinel has found the replica and the two others
  await waitFor(
    async () => {
      const [fields] = (await asked.call('sentinel', 'masters').catch(() => [[]])) as string[][];
      const info = Object.fromEntries((fields ?? []).flatMap((v, i, all) => (i % 2 ? [] : [[v, all[i + 1]]])));
      return info['num-slaves'] === '1' && info['num-other-sentinels'] === '2';
    },
    20_000,
    'the Sentinels to know the replica and each other',
  );
  return {
    primary,
    replica,
    sentinels: ports.map((port) => `127.0.0.1:${port}`).join(','),
    primaryPort,
    async destroy() {
      asked.disconnect();
      for (const proc of procs) proc.kill('SIGKILL');
      await Promise.all(procs.map((proc) => proc.exited));
      await Promise.all([primary.destroy(), replica.destroy()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
