import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type Redis from 'ioredis';
import type { AccessResolver } from './access';
import { createCache, type Cache } from './cache';
import type { Config } from './config';
import { openDatabase, rowsOf, type Database, type Db } from './db';
import { HookBus } from './hooks';
import { createLogger, type Logger } from './logger';
import { createBullQueue, createMemoryQueue, type JobQueue } from './queue';
import { createRateLimiter, type RateLimiter } from './ratelimit';
import { createRedis } from './redis';
import { createSecretBox, KEY_IN_DATABASE, loadSecretsKey, parseSecretsKey, type SecretBox } from './secrets';

/** Everything a module or worker needs, built once per process (or per test). */
export interface Deps {
  config: Config;
  log: Logger;
  database: Database;
  /** the primary: writes, and every read that must see a write just made (the answer after a write, access checks, plan limits, the redirect cache fill) */
  db: Db;
  /**
   * Reads that may trail a write by the replica's lag: stats, exports, the links list, portfolio
   * pages. The replica (DATABASE_REPLICA_URL) when there is one, else the primary's handle.
   */
  readDb: Db;
  /** DATABASE_REPLICA_URL's pool */
  replica?: Database;
  bus: HookBus;
  cache: Cache;
  queue: JobQueue;
  limiter: RateLimiter;
  /** fast-failing Redis connection, when REDIS_URL is set */
  redis?: Redis;
  /** who a request's credential is and what it may do in a workspace (built from the identity modules by app/deps.ts) */
  access: AccessResolver;
  /** seals workspace secrets kept at rest (invite tokens, webhook signing secrets, GA4 and Meta secrets) with the instance's secrets key */
  secrets: SecretBox;
  /** the time expiries are measured by (sign-in links, sessions); tests move it instead of waiting */
  now(): number;
  close(): Promise<void>;
}

/** What `createDeps` is given besides the config: the access resolver's maker (core knows no identity module), and for tests a database or logger. */
export interface DepsOptions {
  access: (deps: Omit<Deps, 'access'>) => AccessResolver;
  database?: Database;
  log?: Logger;
}

export async function createDeps(config: Config, opts: DepsOptions): Promise<Deps> {
  const log = opts.log ?? createLogger(config.logLevel);
  const givenKey = loadSecretsKey(config);
  const pgbouncer = config.databasePgbouncer;
  const database =
    opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, durability: config.embeddedDurability, pgbouncer, log }));
  if (!givenKey) log.warn({}, KEY_IN_DATABASE);
  const secrets = createSecretBox(givenKey ?? (await keyKeptInDatabase(database.db)));
  const replica = config.databaseReplicaUrl ? await openDatabase({ url: config.databaseReplicaUrl, migrate: false, pgbouncer, log }) : undefined;
  const bus = new HookBus(log);
  const closers: (() => Promise<unknown>)[] = [];

  let redis: Redis | undefined;
  let cache: Cache;
  let queue: JobQueue;
  if (config.redisUrl) {
    const target = { url: config.redisUrl, sentinels: config.redisSentinels };
    redis = createRedis(target, 'fast');
    const subscriber = createRedis(target, 'subscriber');
    const producer = createRedis(target, 'producer');
    cache = createCache({ redis: { client: redis, subscriber, prefix: config.redisPrefix }, log });
    queue = createBullQueue({ target, prefix: config.redisPrefix, producer, log, lockMs: config.jobLockMs });
    closers.push(async () => {
      subscriber.disconnect();
      producer.disconnect();
      redis!.disconnect();
    });
  } else {
    cache = createCache({ log });
    queue = createMemoryQueue(log);
  }
  const limiter = createRateLimiter({ redis, prefix: config.redisPrefix });

  const deps = {
    config,
    log,
    database,
    db: database.db,
    readDb: replica?.db ?? database.db,
    replica,
    bus,
    cache,
    queue,
    limiter,
    redis,
    secrets,
    now: Date.now,
    async close() {
      await bus.settle();
      await queue.close();
      await cache.close();
      for (const close of closers) await close();
      await replica?.close();
      await database.close();
    },
  };
  // one object: the resolver reads the same `now` and `db` a test may move or swap on the returned deps
  return Object.assign(deps, { access: opts.access(deps) });
}

/**
 * Production without SECRETS_KEY: the key in the database's `instance_keys` (drizzle/0035), made by
 * the first process that asks and read by every other, so that they agree without a setting. Sealing
 * still keeps secrets out of logs and of rows copied elsewhere; it no longer keeps them from whoever
 * holds the database, which the start's warning says.
 */
export async function keyKeptInDatabase(db: Db): Promise<Buffer> {
  await db.execute(sql`insert into instance_keys (name, key) values ('secrets', ${randomBytes(32).toString('base64')}) on conflict (name) do nothing`);
  const [row] = rowsOf<{ key: string }>(await db.execute(sql`select key from instance_keys where name = 'secrets'`));
  return parseSecretsKey(row!.key);
}
