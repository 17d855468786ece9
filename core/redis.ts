import Redis, { type RedisOptions } from 'ioredis';

/**
 * Redis connections by role. The request path must never wait on a sick Redis:
 * `fast` connections fail at once when disconnected and time out quickly.
 * BullMQ workers need blocking connections that retry forever.
 */
export type RedisRole = 'fast' | 'subscriber' | 'worker' | 'producer';

const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  fast: { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: 150, connectTimeout: 2000 },
  subscriber: { maxRetriesPerRequest: null, connectTimeout: 2000 },
  worker: { maxRetriesPerRequest: null, connectTimeout: 2000 },
  producer: { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000 },
};

export function createRedis(url: string, role: RedisRole): Redis {
  const client = new Redis(url, {
    ...ROLE_OPTIONS[role],
    lazyConnect: false,
    // reconnect quickly but never give up: the app keeps serving from memory meanwhile
    retryStrategy: (times) => Math.min(50 * times, 1000),
  });
  // connection errors are expected while Redis is down; readiness reports them
  client.on('error', () => {});
  return client;
}
