import { describe, expect, test } from 'bun:test';
import { createCache, type Cache } from '../../core/cache';
import { ApiError } from '../../core/errors';
import { createLogger } from '../../core/logger';
import { createBullQueue, createMemoryQueue, type JobQueue } from '../../core/queue';
import { createRateLimiter } from '../../core/ratelimit';
import { createRedis } from '../../core/redis';
import { TEST_REDIS_URL } from '../helpers/db';
import { startRedisServer, type RedisServer } from '../helpers/processes';

declare module '../../core/queue' {
  interface JobMap {
    'testq.echo': { n: number; failTimes?: number };
  }
}

const log = createLogger('silent');
const prefix = () => `lht:infra:${crypto.randomUUID().slice(0, 8)}`;

async function exerciseQueue(queue: JobQueue) {
  const seen: number[] = [];
  const attempts = new Map<number, number>();
  queue.register('testq.echo', async ({ n, failTimes = 0 }) => {
    const attempt = (attempts.get(n) ?? 0) + 1;
    attempts.set(n, attempt);
    if (attempt <= failTimes) throw new Error(`transient failure ${attempt}`);
    seen.push(n);
  });
  await queue.startWorkers(['testq']);
  await queue.enqueue('testq.echo', { n: 1 });
  await queue.enqueue('testq.echo', { n: 2, failTimes: 1 }); // retried once, then succeeds
  await queue.enqueue('testq.echo', { n: 3 }, { jobId: 'same' });
  await queue.enqueue('testq.echo', { n: 4 }, { jobId: 'same' }); // same id: ignored
  await queue.enqueue('testq.echo', { n: 5, failTimes: 9 }, { attempts: 1 }); // no retry: never seen
  const deadline = Date.now() + 10_000;
  while (seen.length < 3 && Date.now() < deadline) await Bun.sleep(25);
  await queue.idle();
  expect(seen.sort()).toEqual([1, 2, 3]);
  expect(attempts.get(2)).toBe(2);
  expect(attempts.get(5)).toBe(1);
  await queue.close();
}

/**
 * A BullMQ queue on a redis-server of its own, with an echo job recording what ran: `scenario`
 * gets the server, the queue and the numbers seen so far; everything is torn down after.
 */
async function withEchoQueue(
  scenario: (ctx: {
    redis: RedisServer;
    queue: JobQueue;
    producer: ReturnType<typeof createRedis>;
    seen: number[];
    waitForSeen: (n: number, ms: number) => Promise<void>;
  }) => Promise<void>,
) {
  const redis = await startRedisServer();
  const producer = createRedis({ url: redis.url }, 'producer');
  const queue = createBullQueue({ target: { url: redis.url }, prefix: prefix(), producer, log });
  const seen: number[] = [];
  queue.register('testq.echo', async ({ n }) => void seen.push(n));
  const waitForSeen = async (n: number, ms: number) => {
    const deadline = Date.now() + ms;
    while (seen.length < n && Date.now() < deadline) await Bun.sleep(50);
  };
  try {
    await scenario({ redis, queue, producer, seen, waitForSeen });
  } finally {
    await queue.close();
    producer.disconnect();
    await redis.destroy();
  }
}

describe('job queue: same contract in memory and on BullMQ', () => {
  test('in-process runner', () => exerciseQueue(createMemoryQueue(log)));
  test.skipIf(!TEST_REDIS_URL)('BullMQ (needs TEST_REDIS_URL: skipped without a real Redis)', async () => {
    const producer = createRedis({ url: TEST_REDIS_URL! }, 'producer');
    await exerciseQueue(createBullQueue({ target: { url: TEST_REDIS_URL! }, prefix: prefix(), producer, log }));
    producer.disconnect();
  });
  test('BullMQ producer buffers jobs in memory while Redis is unreachable', async () => {
    const unreachable = 'redis://127.0.0.1:1';
    const producer = createRedis({ url: unreachable }, 'producer');
    const queue = createBullQueue({ target: { url: unreachable }, prefix: prefix(), producer, log });
    const started = Date.now();
    await queue.enqueue('testq.echo', { n: 1 });
    expect(Date.now() - started).toBeLessThan(1500); // fails fast into the buffer, never hangs the caller
    await queue.close();
    producer.disconnect();
  });
  test.skipIf(!Bun.which('redis-server'))(
    'a hung Redis (SIGSTOP): enqueue answers within the 500 ms send deadline, the job waits in memory and runs after SIGCONT',
    () =>
      withEchoQueue(async ({ redis, queue, seen, waitForSeen }) => {
        await queue.startWorkers(['testq']);
        await queue.enqueue('testq.echo', { n: 1 }); // the queue's connection is up
        redis.pause();
        const sends: number[] = [];
        try {
          for (let n = 2; n <= 4; n++) {
            const started = performance.now();
            await queue.enqueue('testq.echo', { n });
            sends.push(performance.now() - started);
          }
        } finally {
          redis.resume();
        }
        expect(Math.max(...sends)).toBeLessThan(800);
        await waitForSeen(4, 15_000);
        expect(seen.sort()).toEqual([1, 2, 3, 4]);
      }),
    30_000,
  );
  test.skipIf(!Bun.which('redis-server'))('a queue whose first server check was cut by a Redis crash works once Redis is back', () =>
    withEchoQueue(async ({ redis, queue, producer, seen, waitForSeen }) => {
      await new Promise((resolve) => producer.once('ready', resolve));
      // the first job creates the queue's BullMQ Queue, whose version check is in flight when Redis dies
      const first = queue.enqueue('testq.echo', { n: 1 });
      await redis.kill();
      await first;
      await redis.start();
      await queue.startWorkers(['testq']);
      await waitForSeen(1, 10_000);
      await queue.enqueue('testq.echo', { n: 2 });
      await waitForSeen(2, 10_000);
      expect(seen.sort()).toEqual([1, 2]);
    }),
  );
});

/** Two caches on one Redis and prefix, as two processes have them, once both are subscribed. */
async function cachesSharingRedis() {
  const p = prefix();
  const make = () => {
    const client = createRedis({ url: TEST_REDIS_URL! }, 'fast');
    const subscriber = createRedis({ url: TEST_REDIS_URL! }, 'subscriber');
    return {
      cache: createCache({ redis: { client, subscriber, prefix: p } }),
      close: () => {
        client.disconnect();
        subscriber.disconnect();
      },
    };
  };
  const caches = [make(), make()] as const;
  await Bun.sleep(100); // subscriptions established
  return caches;
}

/** A load that read the old value of `ws` before a write's invalidation is answered, but not kept after it. */
async function expectNotKeptPastAnInvalidation(cache: Cache, read: (load: () => Promise<{ plan: string }>) => Promise<unknown>) {
  let release!: () => void;
  const slowRead = read(async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { plan: 'pro' };
  });
  await cache.invalidate('ws');
  release();
  expect(await slowRead).toEqual({ plan: 'pro' });
  expect(cache.peek('ws')).toBeUndefined();
}

describe('two-level cache', () => {
  test('memory only: readThrough, peek, null entries, invalidate', async () => {
    const cache = createCache({});
    await cache.readThrough('a', 10_000, async () => ({ v: 1 }));
    expect(cache.peek('a')).toEqual({ v: 1 });
    cache.setLocal('missing', null, 10_000);
    expect(cache.peek('missing')).toBeNull();
    expect(cache.peek('never')).toBeUndefined();
    await cache.invalidate('a');
    expect(await cache.get('a')).toBeUndefined();
  });

  test('remember: loads once, keeps no null, keeps nothing loaded while an invalidation went by', async () => {
    const cache = createCache({});
    let loads = 0;
    const load = async () => {
      loads++;
      return { role: 'editor' };
    };
    expect(await cache.remember('role', 10_000, load)).toEqual({ role: 'editor' });
    expect(await cache.remember('role', 10_000, load)).toEqual({ role: 'editor' });
    expect(loads).toBe(1);
    // "absent" is asked again every time (an invite accepted meanwhile counts at once)
    let absentLoads = 0;
    for (let i = 0; i < 2; i++)
      expect(
        await cache.remember('absent', 10_000, async () => {
          absentLoads++;
          return null;
        }),
      ).toBeNull();
    expect(absentLoads).toBe(2);
    await expectNotKeptPastAnInvalidation(cache, (load) => cache.remember('ws', 10_000, load));
    expect(await cache.remember('ws', 10_000, async () => ({ plan: 'free' }))).toEqual({ plan: 'free' });
    expect(cache.peek('ws')).toEqual({ plan: 'free' });
  });

  test('a load is voided by an invalidation of its own key only (others write all the time); remember keeps null when asked, briefly', async () => {
    const cache = createCache({});
    let release!: () => void;
    const loading = cache.remember('key:a', 10_000, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return 'a';
    });
    await cache.invalidate('key:b');
    release();
    expect(await loading).toBe('a');
    expect(cache.peek('key:a')).toBe('a');

    expect(await cache.remember('key:gone', 10_000, async () => null, { nullTtlMs: 50 })).toBeNull();
    expect(cache.peek('key:gone')).toBeNull();
    await Bun.sleep(60);
    expect(cache.peek('key:gone')).toBeUndefined();
  });

  test('readThrough: loads once, keeps null only when asked and briefly, keeps nothing loaded while an invalidation went by', async () => {
    const cache = createCache({});
    let loads = 0;
    const load = async () => {
      loads++;
      return { target: 'https://example.com' };
    };
    expect(await cache.readThrough('link', 10_000, load)).toEqual({ target: 'https://example.com' });
    expect(await cache.readThrough('link', 10_000, load)).toEqual({ target: 'https://example.com' });
    expect(loads).toBe(1);
    expect(await cache.readThrough('gone', 10_000, async () => null)).toBeNull();
    expect(cache.peek('gone')).toBeUndefined();
    expect(await cache.readThrough('gone', 10_000, async () => null, { nullTtlMs: 50 })).toBeNull();
    expect(cache.peek('gone')).toBeNull();
    await Bun.sleep(60);
    expect(cache.peek('gone')).toBeUndefined();
    await expectNotKeptPastAnInvalidation(cache, (load) => cache.readThrough('ws', 10_000, load));
  });

  test.skipIf(!TEST_REDIS_URL)(
    "remember across processes: another process's invalidation drops the copy before invalidate() returns, and voids a load in flight (needs TEST_REDIS_URL)",
    async () => {
      const [a, b] = await cachesSharingRedis();
      expect(await b.cache.remember('member:1', 60_000, async () => 'admin')).toBe('admin');
      await a.cache.invalidate('member:1');
      // acknowledged: gone in b as soon as a's invalidate() resolved, no polling
      expect(b.cache.peek('member:1')).toBeUndefined();
      let release!: () => void;
      const inFlight = b.cache.remember('member:1', 60_000, async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return 'admin';
      });
      await a.cache.invalidate('member:1');
      release();
      expect(await inFlight).toBe('admin');
      expect(b.cache.peek('member:1')).toBeUndefined();
      a.close();
      b.close();
    },
  );

  test.skipIf(!TEST_REDIS_URL)('an invalidation reaches every process sharing Redis (needs TEST_REDIS_URL)', async () => {
    const [a, b] = await cachesSharingRedis();
    await a.cache.readThrough('link:x', 60_000, async () => ({ target: 'https://one.example' }));
    // a's write to Redis is not awaited by readThrough: b reads it from Redis into its LRU once it landed
    const landed = Date.now() + 2000;
    while ((await b.cache.get('link:x')) === undefined && Date.now() < landed) await Bun.sleep(10);
    expect(await b.cache.get('link:x')).toEqual({ target: 'https://one.example' });
    expect(b.cache.peek('link:x')).toEqual({ target: 'https://one.example' });
    await a.cache.invalidate('link:x');
    const deadline = Date.now() + 2000;
    while (b.cache.peek('link:x') !== undefined && Date.now() < deadline) await Bun.sleep(10);
    expect(b.cache.peek('link:x')).toBeUndefined();
    expect(await b.cache.get('link:x')).toBeUndefined();
    a.close();
    b.close();
  });

  test('a dead Redis is a cache miss, never an error', async () => {
    const client = createRedis({ url: 'redis://127.0.0.1:1' }, 'fast');
    const subscriber = createRedis({ url: 'redis://127.0.0.1:1' }, 'subscriber');
    const cache = createCache({ redis: { client, subscriber, prefix: prefix() } });
    const started = Date.now();
    expect(await cache.get('x')).toBeUndefined();
    expect(await cache.readThrough('x', 1000, async () => 1)).toBe(1);
    expect(cache.peek('x')).toBe(1);
    await cache.invalidate('x');
    expect(Date.now() - started).toBeLessThan(1000);
    client.disconnect();
    subscriber.disconnect();
  });
});

describe('rate limiter', () => {
  const limiters = [['memory', () => createRateLimiter({ prefix: prefix() })]] as [string, () => ReturnType<typeof createRateLimiter>][];
  if (TEST_REDIS_URL) limiters.push(['redis', () => createRateLimiter({ redis: createRedis({ url: TEST_REDIS_URL! }, 'fast'), prefix: prefix() })]);
  for (const [name, make] of limiters) {
    test(`${name}: allows N per window, then 429 with Retry-After`, async () => {
      const limiter = make();
      for (let i = 0; i < 3; i++) await limiter.consume('t', 'k', { points: 3, durationSec: 10 });
      const error = await limiter.consume('t', 'k', { points: 3, durationSec: 10 }).catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(429);
      expect(Number(error.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
      expect(Number(error.headers['Retry-After'])).toBeLessThanOrEqual(10);
      await limiter.consume('t', 'other-key', { points: 3, durationSec: 10 }); // keys are independent
    });
  }
  test('Redis down: the in-memory insurance limiter still limits', async () => {
    const limiter = createRateLimiter({ redis: createRedis({ url: 'redis://127.0.0.1:1' }, 'fast'), prefix: prefix() });
    await limiter.consume('t', 'k', { points: 1, durationSec: 10 });
    const error = await limiter.consume('t', 'k', { points: 1, durationSec: 10 }).catch((e) => e);
    expect(error.status).toBe(429);
  });
});
