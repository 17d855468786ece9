import type { Database } from '../../core/db';
import { createTestDatabase } from './db';
import { type ApiProcess, type ChildProcess, type RedisServer, type ServiceEnv, startApiProcess, startRedisServer, startWorkerProcess } from './processes';

/**
 * A production layout of real processes for the reliability tests: a database, a private Redis
 * server (one a test may kill), API and worker processes sharing them. `stop` takes it down in
 * reverse: the processes, then the database's connection, then Redis.
 */
export interface Deployment {
  database: Database & { url?: string };
  redis: RedisServer;
  /** the processes' settings: a test starts more processes (a replacement worker) with it */
  env: ServiceEnv;
  apis: ApiProcess[];
  workers: ChildProcess[];
  stop(): Promise<void>;
}

export interface DeploymentOptions {
  /** REDIS_PREFIX of its processes */
  redisPrefix: string;
  /** a database of the test's own, migrated, at `databaseUrl` (a private cluster); default: a new test database. `stop` closes its connection */
  database?: { database: Database; url: string };
  /** Redis with its append-only file on: a restarted server keeps what it had */
  aof?: boolean;
  /** more settings for every process */
  env?: Record<string, string>;
  /** how many API processes (default 1), worker processes (default 1) */
  apis?: number;
  workers?: number;
}

export async function startDeployment(opts: DeploymentOptions): Promise<Deployment> {
  const database: Database & { url?: string } = opts.database?.database ?? (await createTestDatabase());
  const databaseUrl = opts.database?.url ?? database.url!;
  const redis = await startRedisServer({ aof: opts.aof });
  const env: ServiceEnv = { databaseUrl, redisUrl: redis.url, redisPrefix: opts.redisPrefix, ...opts.env };
  const deployment: Deployment = {
    database,
    redis,
    env,
    apis: [],
    workers: [],
    async stop() {
      await Promise.all([...deployment.apis, ...deployment.workers].map((p) => p.stop()));
      await database.close().catch(() => {});
      await redis.destroy();
    },
  };
  try {
    deployment.apis = await Promise.all(Array.from({ length: opts.apis ?? 1 }, () => startApiProcess(env)));
    deployment.workers = await Promise.all(Array.from({ length: opts.workers ?? 1 }, () => startWorkerProcess(env)));
  } catch (error) {
    await deployment.stop();
    throw error;
  }
  return deployment;
}
