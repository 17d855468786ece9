import { LRUCache } from 'lru-cache';
import type Redis from 'ioredis';
import type { Logger } from './logger';

/**
 * Two-level cache: an in-process LRU in front of Redis. An invalidation deletes the key in
 * Redis and publishes it; every process drops its local copy and acknowledges, and the writer
 * waits for those acknowledgements (at most ACK_DEADLINE_MS), so the next visit anywhere sees
 * the change. Without Redis it is the LRU alone (embedded default, one process).
 */
export interface Cache {
  /** in-process only, synchronous: the redirect hot path */
  peek<T>(key: string): T | undefined;
  /** LRU, then Redis (a Redis failure counts as a miss) */
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs: number): Promise<void>;
  /** in-process only (e.g. short negative entries) */
  setLocal<T>(key: string, value: T, ttlMs: number): void;
  /**
   * In-process memo of `load()` for `ttlMs`: the API's per-request reads (access checks, webhook
   * subscriptions) without a round trip. `null` is never kept, and neither is a value loaded while
   * an invalidation went by (it may predate that write); a writer's `invalidate()` reaches every
   * process before it returns, so no process keeps a copy older than a write that has answered.
   */
  remember<T>(key: string, ttlMs: number, load: () => Promise<T | null>): Promise<T | null>;
  invalidate(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

interface RedisPair { client: Redis; subscriber: Redis; prefix: string }

// a sentinel so that a cached `null` (known absent) differs from a miss
const NULL = Symbol('null');
/** how long a writer waits for the other processes to confirm an invalidation (a hung process delays writes this much, no more) */
const ACK_DEADLINE_MS = 250;

export function createCache(opts: { max?: number; redis?: RedisPair; log?: Logger }): Cache {
  const lru = new LRUCache<string, any>({ max: opts.max ?? 50_000, ttlAutopurge: false });
  const redis = opts.redis;
  const channel = redis ? `${redis.prefix}:cache:invalidate` : '';
  const ackChannel = `${channel}:ack`;
  const selfId = crypto.randomUUID();
  /** invalidations of this process waiting for acknowledgements: id → acks still expected (once PUBLISH told how many) */
  const awaiting = new Map<string, { left: number; counted: boolean; done: () => void }>();
  /** bumped by every invalidation this process sees (its own and other processes'): `remember` compares it */
  let generation = 0;
  const acknowledged = (id: string) => {
    const waiting = awaiting.get(id);
    if (waiting && --waiting.left <= 0 && waiting.counted) waiting.done();
  };

  if (redis) {
    redis.subscriber.subscribe(channel, ackChannel).catch((err) => opts.log?.warn({ err }, 'cache invalidation subscribe failed'));
    redis.subscriber.on('message', (ch, message) => {
      if (ch === ackChannel) return acknowledged(message);
      if (ch !== channel) return;
      const { from, keys, id } = JSON.parse(message) as { from: string; keys: string[]; id?: string };
      // PUBLISH counts the writer's own subscription among the receivers: it acknowledges locally
      if (from === selfId) return id && acknowledged(id);
      generation++;
      for (const key of keys) lru.delete(key);
      if (id) redis.client.publish(ackChannel, id).catch(() => {});
    });
  }
  const unwrap = (v: any) => (v === NULL ? null : v);

  return {
    peek: (key) => unwrap(lru.get(key)),
    async get(key) {
      const local = lru.get(key);
      if (local !== undefined) return unwrap(local);
      if (!redis) return undefined;
      try {
        const raw = await redis.client.get(`${redis.prefix}:c:${key}`);
        if (raw == null) return undefined;
        const { v, ttl } = JSON.parse(raw);
        lru.set(key, v === null ? NULL : v, { ttl: Math.min(ttl, 60_000) });
        return v;
      } catch {
        return undefined;
      }
    },
    async set(key, value, ttlMs) {
      lru.set(key, value === null ? NULL : value, { ttl: ttlMs });
      if (!redis) return;
      try {
        await redis.client.set(`${redis.prefix}:c:${key}`, JSON.stringify({ v: value, ttl: ttlMs }), 'PX', ttlMs);
      } catch {
        // Redis is a shared accelerator, not the source of truth
      }
    },
    setLocal(key, value, ttlMs) {
      lru.set(key, value === null ? NULL : value, { ttl: ttlMs });
    },
    async remember(key, ttlMs, load) {
      const local = lru.get(key);
      if (local !== undefined) return unwrap(local);
      const before = generation;
      const value = await load();
      if (value !== null && generation === before) lru.set(key, value, { ttl: ttlMs });
      return value;
    },
    async invalidate(...keys) {
      generation++;
      for (const key of keys) lru.delete(key);
      if (!redis || !keys.length) return;
      const id = crypto.randomUUID();
      let timer: ReturnType<typeof setTimeout> | undefined;
      // acknowledgements may arrive before PUBLISH answers: count down from 0, add the receivers after
      const acked = new Promise<void>((resolve) => awaiting.set(id, { left: 0, counted: false, done: resolve }));
      try {
        // one round trip for both; the keys are gone from Redis before any process hears of them
        const replies = await redis.client
          .pipeline()
          .del(...keys.map((k) => `${redis.prefix}:c:${k}`))
          .publish(channel, JSON.stringify({ from: selfId, keys, id }))
          .exec();
        const failed = replies?.find(([err]) => err)?.[0];
        if (!replies || failed) throw failed ?? new Error('no reply to DEL + PUBLISH');
        const receivers = Number(replies[1]![1]);
        const waiting = awaiting.get(id)!;
        waiting.left += receivers;
        waiting.counted = true;
        if (waiting.left > 0) await Promise.race([acked, new Promise((resolve) => (timer = setTimeout(resolve, ACK_DEADLINE_MS)))]);
      } catch (err) {
        opts.log?.warn({ err, keys }, 'cache invalidation did not reach Redis');
      } finally {
        clearTimeout(timer);
        awaiting.delete(id);
      }
    },
    async close() {
      lru.clear();
    },
  };
}
