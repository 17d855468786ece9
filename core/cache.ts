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
  /**
   * LRU, then Redis, then `load()`, whose value is kept in process and in Redis for `ttlMs` (`null`
   * in process only, for `nullTtlMs`, when given) — unless the key was invalidated while it loaded,
   * in this process or in Redis: the value may predate that write. Does not wait for Redis's write.
   */
  readThrough<T>(key: string, ttlMs: number, load: () => Promise<T | null>, opts?: { nullTtlMs?: number }): Promise<T | null>;
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
  /**
   * Fire-and-forget message to every process's `onBroadcast(topic)` handlers (this one's too), over
   * the cache's pub/sub connection: for modules that refresh what they keep in process (e.g. a link's
   * click count). At most once: a process that is down misses it.
   */
  broadcast(topic: string, data: unknown): void;
  onBroadcast(topic: string, handler: (data: any) => void): void;
  close(): Promise<void>;
}

interface RedisPair {
  client: Redis;
  subscriber: Redis;
  prefix: string;
}

// a sentinel so that a cached `null` (known absent) differs from a miss
const NULL = Symbol('null');
/**
 * Redis side of `readThrough`: write the loaded value only if the key's version is still the one read
 * with the miss (an invalidation bumps it), so a load that read the database before a write cannot put
 * its old value back after that write's DEL.
 */
const SET_IF_VERSION = `if (redis.call('get', KEYS[2]) or '') == ARGV[3] then return redis.call('set', KEYS[1], ARGV[1], 'px', ARGV[2]) end return 0`;
/** a version outlives any load by far; it expires so that keys of deleted things do not pile up */
const VERSION_TTL_MS = 24 * 3_600_000;
/** how long a writer waits for the other processes to confirm an invalidation (a hung process delays writes this much, no more) */
const ACK_DEADLINE_MS = 250;

export function createCache(opts: { max?: number; redis?: RedisPair; log?: Logger }): Cache {
  const lru = new LRUCache<string, any>({ max: opts.max ?? 50_000, ttlAutopurge: false });
  const redis = opts.redis;
  const channel = redis ? `${redis.prefix}:cache:invalidate` : '';
  const ackChannel = `${channel}:ack`;
  const broadcastChannel = redis ? `${redis.prefix}:cache:broadcast` : '';
  const broadcastHandlers = new Map<string, ((data: any) => void)[]>();
  const deliver = (topic: string, data: unknown) => {
    for (const handler of broadcastHandlers.get(topic) ?? []) {
      try {
        handler(data);
      } catch (err) {
        opts.log?.warn({ err, topic }, 'broadcast handler failed');
      }
    }
  };
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
    redis.subscriber.subscribe(channel, ackChannel, broadcastChannel).catch((err) => opts.log?.warn({ err }, 'cache invalidation subscribe failed'));
    redis.subscriber.on('message', (ch, message) => {
      if (ch === ackChannel) return acknowledged(message);
      if (ch === broadcastChannel) {
        const { topic, data } = JSON.parse(message) as { topic: string; data: unknown };
        return deliver(topic, data);
      }
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
  const valueKey = (key: string) => `${redis!.prefix}:c:${key}`;
  const versionKey = (key: string) => `${redis!.prefix}:v:${key}`;
  /** a value read from Redis into the LRU, unless an invalidation went by while it was read */
  const keepLocal = (key: string, raw: string, since: number) => {
    const { v, ttl } = JSON.parse(raw);
    if (generation === since) lru.set(key, v === null ? NULL : v, { ttl: Math.min(ttl, 60_000) });
    return v;
  };

  return {
    peek: (key) => unwrap(lru.get(key)),
    async get(key) {
      const local = lru.get(key);
      if (local !== undefined) return unwrap(local);
      if (!redis) return undefined;
      const before = generation;
      try {
        const raw = await redis.client.get(valueKey(key));
        return raw == null ? undefined : keepLocal(key, raw, before);
      } catch {
        return undefined;
      }
    },
    async readThrough(key, ttlMs, load, opts) {
      const local = lru.get(key);
      if (local !== undefined) return unwrap(local);
      const before = generation;
      let version: string | null | undefined; // undefined: Redis did not answer, so nothing is written there
      if (redis) {
        try {
          const [raw, v] = await redis.client.mget(valueKey(key), versionKey(key));
          if (raw != null) return keepLocal(key, raw, before);
          version = v;
        } catch {}
      }
      const value = await load();
      if (generation !== before) return value;
      if (value === null) {
        if (opts?.nullTtlMs) lru.set(key, NULL, { ttl: opts.nullTtlMs });
        return value;
      }
      lru.set(key, value, { ttl: ttlMs });
      if (redis && version !== undefined) {
        redis.client.eval(SET_IF_VERSION, 2, valueKey(key), versionKey(key), JSON.stringify({ v: value, ttl: ttlMs }), ttlMs, version ?? '').catch(() => {});
      }
      return value;
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
        // one round trip for all; the keys are gone from Redis, and their versions bumped (so no load
        // that began before can write them back), before any process hears of them
        const pipeline = redis.client.pipeline().del(...keys.map(valueKey));
        for (const key of keys) pipeline.incr(versionKey(key)).pexpire(versionKey(key), VERSION_TTL_MS);
        const replies = await pipeline.publish(channel, JSON.stringify({ from: selfId, keys, id })).exec();
        const failed = replies?.find(([err]) => err)?.[0];
        if (!replies || failed) throw failed ?? new Error('no reply to DEL + INCR + PUBLISH');
        const receivers = Number(replies.at(-1)![1]);
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
    broadcast(topic, data) {
      if (!redis) return queueMicrotask(() => deliver(topic, data));
      redis.client.publish(broadcastChannel, JSON.stringify({ topic, data })).catch((err) => opts.log?.warn({ err, topic }, 'broadcast did not reach Redis'));
    },
    onBroadcast(topic, handler) {
      broadcastHandlers.set(topic, [...(broadcastHandlers.get(topic) ?? []), handler]);
    },
    async close() {
      lru.clear();
    },
  };
}
