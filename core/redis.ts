import Redis, { type RedisOptions } from 'ioredis';
import type { RedisSentinels } from './config';

/**
 * Redis connections by role. The request path must never wait on a sick Redis:
 * `fast` connections fail at once when disconnected and time out quickly.
 * BullMQ workers need blocking connections that retry forever.
 */
export type RedisRole = 'fast' | 'subscriber' | 'worker' | 'producer';

/** Where Redis is: REDIS_URL, or the primary that Sentinels name (REDIS_URL then gives the password and database). */
export interface RedisTarget {
  url: string;
  sentinels?: RedisSentinels;
}

const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  fast: { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 150, connectTimeout: 2000 },
  subscriber: { maxRetriesPerRequest: null, connectTimeout: 2000 },
  worker: { maxRetriesPerRequest: null, connectTimeout: 2000 },
  producer: { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000 },
};

/**
 * The options that find the primary through Sentinel: ask the Sentinels for it on every connect,
 * hear of a failover from them at once (failoverDetector) instead of when the old primary's socket
 * times out, and reconnect when a command reaches a primary demoted to replica (READONLY).
 */
function sentinelOptions(sentinels: RedisSentinels | undefined): RedisOptions {
  if (!sentinels) return {};
  return {
    sentinels: sentinels.hosts,
    name: sentinels.name,
    sentinelPassword: sentinels.password,
    role: 'master',
    failoverDetector: true,
    sentinelRetryStrategy: (times) => Math.min(50 * times, 1000),
    reconnectOnError: (err) => (err.message.startsWith('READONLY') ? 2 : false),
  };
}

/** The options of a connection BullMQ makes itself (a worker's blocking connections): the target's, retrying forever. */
export function redisConnectionOptions(target: RedisTarget): RedisOptions & { url: string } {
  return { url: target.url, ...sentinelOptions(target.sentinels), ...ROLE_OPTIONS.worker };
}

export function createRedis(target: RedisTarget, role: RedisRole): Redis {
  const client = new Redis(target.url, {
    ...ROLE_OPTIONS[role],
    ...sentinelOptions(target.sentinels),
    lazyConnect: false,
    // reconnect quickly but never give up: the app keeps serving from memory meanwhile
    retryStrategy: (times) => Math.min(50 * times, 1000),
  });
  // connection errors are expected while Redis is down; readiness reports them
  client.on('error', () => {});
  return client;
}
