import { LRUCache } from 'lru-cache';
import type Redis from 'ioredis';
import { afterCommit } from './after-commit';
import type { Logger } from './logger';

/**
 * Two-level cache: an in-process LRU in front of Redis. An invalidation deletes the key in
 * Redis and publishes it; every process drops its local copy and acknowledges, and the writer
 * waits for those acknowledgements (at most ACK_DEADLINE_MS), so the next visit anywhere sees
 * the change. Without Redis it is the LRU alone (embedded default, one process).
 *
 * Three rules keep a cache from outliving a write (docs/reliability.md, "Caches"):
 * - an invalidation inside a transaction runs after its commit (core/after-commit.ts);
 * - a load that an invalidation of its key went by (here or in another process) is not kept;
 * - what a process may have missed is dropped: its whole LRU when its subscription was lost, and
 *   an invalidation that did not reach Redis is sent again until it does (at least once).
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
   * A key whose invalidation has not reached Redis yet is neither read from nor written to Redis.
   */
  readThrough<T>(key: string, ttlMs: number, load: () => Promise<T | null>, opts?: { nullTtlMs?: number }): Promise<T | null>;
  /** in-process only, for entries no invalidation concerns (e.g. a prober's penalty); dropped with the rest when the subscription goes */
  setLocal<T>(key: string, value: T, ttlMs: number): void;
  /**
   * In-process memo of `load()` for `ttlMs`: the API's per-request reads (access checks, API keys,
   * webhook subscriptions) without a round trip. `null` is kept only for `nullTtlMs`, when given, and
   * no value loaded while an invalidation of its key went by (it may predate that write); a writer's
   * `invalidate()` reaches every process before it returns, so no process keeps a copy older than a
   * write that has answered.
   */
  remember<T>(key: string, ttlMs: number, load: () => Promise<T | null>, opts?: { nullTtlMs?: number }): Promise<T | null>;
  /**
   * Drops the keys here, in Redis and in every process. Inside a transaction (core/after-commit.ts)
   * it is queued and runs once the transaction committed, before the transaction returns; the
   * promise then resolves at once. Never throws: what did not reach Redis is sent again until it does.
   */
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
/**
 * While the subscription is down this process hears of no other's invalidation: what it caches then
 * lives this long at most (a cached redirect still costs one query per link and second, not one per visit).
 */
const DEAF_TTL_MS = 1_000;
/** an invalidation that did not reach Redis is sent again this often until it does */
const RETRY_MS = 500;
/**
 * Invalidations sent this long ago or less are sent again when this process's Redis connection comes
 * back: after a failover the promoted replica may lack their DEL (replication is asynchronous, and a
 * cut-off primary keeps taking writes until the Sentinels' down-after time has passed).
 */
const REPLAY_WINDOW_MS = 60_000;

/** one load of a key in flight: `stale` once an invalidation of that key (or of everything) went by */
interface Load {
  stale: boolean;
}

export function createCache(opts: { max?: number; redis?: RedisPair; log?: Logger }): Cache {
  const lru = new LRUCache<string, any>({ max: opts.max ?? 50_000, ttlAutopurge: false });
  const redis = opts.redis;
  const log = opts.log;
  const channel = redis ? `${redis.prefix}:cache:invalidate` : '';
  const ackChannel = `${channel}:ack`;
  const broadcastChannel = redis ? `${redis.prefix}:cache:broadcast` : '';
  const broadcastHandlers = new Map<string, ((data: any) => void)[]>();
  const deliver = (topic: string, data: unknown) => {
    for (const handler of broadcastHandlers.get(topic) ?? []) {
      try {
        handler(data);
      } catch (err) {
        log?.warn({ err, topic }, 'broadcast handler failed');
      }
    }
  };
  const selfId = crypto.randomUUID();
  /** invalidations of this process waiting for acknowledgements: id → acks still expected (once PUBLISH told how many) */
  const awaiting = new Map<string, { left: number; counted: boolean; done: () => void }>();
  const acknowledged = (id: string) => {
    const waiting = awaiting.get(id);
    if (waiting && --waiting.left <= 0 && waiting.counted) waiting.done();
  };

  /** the loads in flight per key: an invalidation marks them so their (possibly older) value is not kept */
  const loads = new Map<string, Set<Load>>();
  const beginLoad = (key: string): Load => {
    const load = { stale: false };
    let ofKey = loads.get(key);
    if (!ofKey) loads.set(key, (ofKey = new Set()));
    ofKey.add(load);
    return load;
  };
  const endLoad = (key: string, load: Load) => {
    const ofKey = loads.get(key);
    ofKey?.delete(load);
    if (!ofKey?.size) loads.delete(key);
  };
  const forget = (keys: string[]) => {
    for (const key of keys) {
      lru.delete(key);
      for (const load of loads.get(key) ?? []) load.stale = true;
    }
  };
  const forgetAll = () => {
    lru.clear();
    for (const ofKey of loads.values()) for (const load of ofKey) load.stale = true;
  };
  /** whether the invalidation channel is subscribed (always, without Redis): else local entries live DEAF_TTL_MS at most */
  let listening = !redis;
  const localTtl = (ttlMs: number) => (listening ? ttlMs : Math.min(ttlMs, DEAF_TTL_MS));
  const keep = (key: string, value: unknown, ttlMs: number, load?: Load) => {
    if (!load?.stale) lru.set(key, value === null ? NULL : value, { ttl: localTtl(ttlMs) });
  };

  /**
   * keys whose invalidation has not reached Redis → the number of that failure: sent again, and Redis's copy
   * of them is not trusted meanwhile. A key that failed again while it was being sent stays (its later write
   * may have committed after that send's DEL).
   */
  const undelivered = new Map<string, number>();
  let failures = 0;
  const undeliverable = (keys: Iterable<string>) => {
    failures++;
    for (const key of keys) undelivered.set(key, failures);
  };
  /** keys invalidated lately → when: sent again when the connection to Redis comes back */
  const recent = new Map<string, number>();
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  /** DEL + version bump + PUBLISH for `keys`, then (when `waitForAcks`) the other processes' acknowledgements */
  async function send(keys: string[], waitForAcks: boolean): Promise<void> {
    const id = crypto.randomUUID();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // acknowledgements may arrive before PUBLISH answers: count down from 0, add the receivers after
    const acked = new Promise<void>((resolve) => awaiting.set(id, { left: 0, counted: false, done: resolve }));
    try {
      // one round trip for all; the keys are gone from Redis, and their versions bumped (so no load
      // that began before can write them back), before any process hears of them
      const pipeline = redis!.client.pipeline().del(...keys.map(valueKey));
      for (const key of keys) pipeline.incr(versionKey(key)).pexpire(versionKey(key), VERSION_TTL_MS);
      const replies = await pipeline.publish(channel, JSON.stringify({ from: selfId, keys, id })).exec();
      const failed = replies?.find(([err]) => err)?.[0];
      if (!replies || failed) throw failed ?? new Error('no reply to DEL + INCR + PUBLISH');
      const receivers = Number(replies.at(-1)![1]);
      const waiting = awaiting.get(id)!;
      waiting.left += receivers;
      waiting.counted = true;
      if (waitForAcks && waiting.left > 0) await Promise.race([acked, new Promise((resolve) => (timer = setTimeout(resolve, ACK_DEADLINE_MS)))]);
    } finally {
      clearTimeout(timer);
      awaiting.delete(id);
    }
  }

  /** sends the undelivered keys again (until Redis takes them); a key that failed again meanwhile stays for the next round */
  async function redeliver() {
    retryTimer = undefined;
    if (closed || !undelivered.size) return;
    const sending = [...undelivered];
    try {
      await send(
        sending.map(([key]) => key),
        false,
      );
      for (const [key, failure] of sending) if (undelivered.get(key) === failure) undelivered.delete(key);
      log?.info({ keys: sending.length }, 'cache invalidations delivered again');
    } catch {
      scheduleRedelivery();
    }
  }
  const scheduleRedelivery = () => {
    if (!closed && !retryTimer) retryTimer = setTimeout(redeliver, RETRY_MS);
  };

  function remembered(keys: string[]) {
    const now = Date.now();
    for (const key of keys) {
      recent.delete(key); // re-inserted last: the map stays in time order
      recent.set(key, now);
    }
    for (const [key, at] of recent) {
      if (at > now - REPLAY_WINDOW_MS) break;
      recent.delete(key);
    }
  }

  async function invalidateNow(keys: string[]) {
    forget(keys);
    if (!redis || !keys.length) return;
    remembered(keys);
    try {
      await send(keys, true);
    } catch (err) {
      // not lost: the keys are sent again until Redis takes them, and read from the database meanwhile
      undeliverable(keys);
      scheduleRedelivery();
      log?.warn({ err, keys }, 'cache invalidation did not reach Redis (sent again when it answers)');
    }
  }

  if (redis) {
    /** the subscription was up once and then lost (not merely not up yet) */
    let lost = false;
    const subscribe = () =>
      redis.subscriber.subscribe(channel, ackChannel, broadcastChannel).then(
        () => {
          if (listening) return;
          // whatever was published while this process did not listen is unknown: nothing it kept is trusted
          forgetAll();
          listening = true;
          if (lost) log?.info('cache invalidation subscription back: local cache dropped');
        },
        (err) => log?.warn({ err }, 'cache invalidation subscribe failed'),
      );
    void subscribe();
    // ioredis subscribes again by itself on reconnect, but says `ready` before Redis confirmed it:
    // listening counts from this SUBSCRIBE's answer (commands on one connection are answered in order)
    redis.subscriber.on('ready', () => {
      if (!listening) void subscribe();
    });
    redis.subscriber.on('close', () => {
      if (!listening) return;
      listening = false;
      lost = true;
      forgetAll();
      log?.warn('cache invalidation subscription lost: local cache dropped, entries kept 1 s at most until it is back');
    });
    // the connection to Redis is back (maybe to a promoted replica): what was invalidated lately goes again
    redis.client.on('ready', () => {
      const since = Date.now() - REPLAY_WINDOW_MS;
      undeliverable([...recent].flatMap(([key, at]) => (at > since ? [key] : [])));
      if (undelivered.size) void redeliver();
    });
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
      forget(keys);
      if (id) redis.client.publish(ackChannel, id).catch(() => {});
    });
  }
  const unwrap = (v: any) => (v === NULL ? null : v);
  const valueKey = (key: string) => `${redis!.prefix}:c:${key}`;
  const versionKey = (key: string) => `${redis!.prefix}:v:${key}`;
  /** a value read from Redis into the LRU, unless an invalidation went by while it was read */
  const keepLocal = (key: string, raw: string, load: Load) => {
    const { v, ttl } = JSON.parse(raw);
    keep(key, v, Math.min(ttl, 60_000), load);
    return v;
  };
  /** Redis's copy of `key` can be trusted (no invalidation of it is still on its way there) */
  const viaRedis = (key: string) => redis !== undefined && !undelivered.has(key);

  return {
    peek: (key) => unwrap(lru.get(key)),
    async get(key) {
      const local = lru.get(key);
      if (local !== undefined) return unwrap(local);
      if (!viaRedis(key)) return undefined;
      const load = beginLoad(key);
      try {
        const raw = await redis!.client.get(valueKey(key));
        return raw == null ? undefined : keepLocal(key, raw, load);
      } catch {
        return undefined;
      } finally {
        endLoad(key, load);
      }
    },
    async readThrough(key, ttlMs, loader, opts) {
      const local = lru.get(key);
      if (local !== undefined) return unwrap(local);
      const load = beginLoad(key);
      try {
        let version: string | null | undefined; // undefined: Redis did not answer, so nothing is written there
        if (viaRedis(key)) {
          try {
            const [raw, v] = await redis!.client.mget(valueKey(key), versionKey(key));
            if (raw != null) return keepLocal(key, raw, load);
            version = v;
          } catch {}
        }
        const value = await loader();
        if (load.stale) return value;
        if (value === null) {
          if (opts?.nullTtlMs) keep(key, null, opts.nullTtlMs);
          return value;
        }
        keep(key, value, ttlMs);
        if (version !== undefined && viaRedis(key)) {
          redis!.client.eval(SET_IF_VERSION, 2, valueKey(key), versionKey(key), JSON.stringify({ v: value, ttl: ttlMs }), ttlMs, version ?? '').catch(() => {});
        }
        return value;
      } finally {
        endLoad(key, load);
      }
    },
    setLocal(key, value, ttlMs) {
      // the caller's own entry (no other process invalidates it): its time stands while deaf too
      lru.set(key, value === null ? NULL : value, { ttl: ttlMs });
    },
    async remember(key, ttlMs, loader, opts) {
      const local = lru.get(key);
      if (local !== undefined) return unwrap(local);
      const load = beginLoad(key);
      try {
        const value = await loader();
        if (value !== null) keep(key, value, ttlMs, load);
        else if (opts?.nullTtlMs) keep(key, null, opts.nullTtlMs, load);
        return value;
      } finally {
        endLoad(key, load);
      }
    },
    invalidate: (...keys) => afterCommit(() => invalidateNow(keys)) ?? Promise.resolve(),
    broadcast(topic, data) {
      if (!redis) return queueMicrotask(() => deliver(topic, data));
      redis.client.publish(broadcastChannel, JSON.stringify({ topic, data })).catch((err) => log?.warn({ err, topic }, 'broadcast did not reach Redis'));
    },
    onBroadcast(topic, handler) {
      broadcastHandlers.set(topic, [...(broadcastHandlers.get(topic) ?? []), handler]);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      lru.clear();
    },
  };
}
