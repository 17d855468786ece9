import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Database } from '../../core/db';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/db';
import { needs } from '../helpers/needs';
import { bootstrapOver, startApiProcess, startRedisServer, waitFor, type ApiProcess, type RedisServer } from '../helpers/processes';

/**
 * Cache invalidations across API processes when Redis goes away (issue 37). Two API processes (A,
 * B) in production mode share PostgreSQL and a redis-server of this file that keeps its data on
 * disk (AOF), as a restarted or promoted Redis does. A link changed through A while Redis is down:
 * A's invalidation cannot reach Redis or B, and Redis comes back holding the old copy. B dropped
 * what it kept when its subscription went, A sends its invalidation again once Redis answers: both
 * serve the change afterwards, and keep serving it.
 */
const enabled = needs(
  Boolean(TEST_DATABASE_URL && Bun.which('redis-server')),
  'cache-resync.test.ts',
  'TEST_DATABASE_URL and redis-server (two API processes on shared services)',
);

let database: Database & { url?: string };
let redis: RedisServer;
let a: ApiProcess;
let b: ApiProcess;
let ws: { workspaceId: string; key: string };

beforeAll(async () => {
  if (!enabled) return;
  database = await createTestDatabase();
  redis = await startRedisServer({ aof: true });
  const env = { databaseUrl: database.url!, redisUrl: redis.url, redisPrefix: 'resync' };
  [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  ws = await bootstrapOver(a);
}, 60_000);

afterAll(async () => {
  if (!enabled) return;
  await Promise.all([a, b].map((p) => p?.stop()));
  await redis?.destroy();
  await database?.close();
});

const linksPath = () => `/workspaces/${ws.workspaceId}/links`;
const locationOf = async (res: Promise<Response>) => (await res).headers.get('location');

test.skipIf(!enabled)(
  'a key deleted through A is refused through B as soon as the DELETE answers',
  async () => {
    const created = await a.api('POST', `/workspaces/${ws.workspaceId}/api-keys`, { key: ws.key, body: { name: 'revoked' } });
    expect(created.status).toBe(201);
    // B knows the key (it is in B's key cache)
    expect((await b.api('GET', `/workspaces/${ws.workspaceId}`, { key: created.body.key })).status).toBe(200);
    expect((await a.api('DELETE', `/workspaces/${ws.workspaceId}/api-keys/${created.body.id}`, { key: ws.key })).status).toBe(200);
    expect((await b.api('GET', `/workspaces/${ws.workspaceId}`, { key: created.body.key })).status).toBe(401);
  },
  30_000,
);

test.skipIf(!enabled)(
  'a link changed through A while Redis is down is served changed by A and B once Redis is back',
  async () => {
    const created = await a.api('POST', linksPath(), { key: ws.key, body: { target: 'https://example.com/before' } });
    expect(created.status).toBe(201);
    const { id, slug } = created.body;
    // B loads the link (into its memory and Redis), A reads it from Redis
    expect(await locationOf(b.visit(slug))).toBe('https://example.com/before');
    await Bun.sleep(200);
    expect(await locationOf(a.visit(slug))).toBe('https://example.com/before');
    // the AOF is written to disk every second: the restarted Redis will hold the old copy
    await Bun.sleep(1500);

    const subscriptionsBack = b.logged('cache invalidation subscription back: local cache dropped');
    const deliveredAgain = a.logged('cache invalidations delivered again');
    await redis.kill();
    try {
      const patched = await a.api('PATCH', `${linksPath()}/${id}`, { key: ws.key, body: { target: 'https://example.com/after' } });
      expect(patched.status).toBe(200);
      expect(a.logged('cache invalidation did not reach Redis (sent again when it answers)')).toBeGreaterThan(0);
    } finally {
      await redis.start();
    }
    // B listens again (and dropped what it kept), A's invalidation went out again
    await waitFor(() => b.logged('cache invalidation subscription back: local cache dropped') > subscriptionsBack, 20_000, "B's subscription back");
    await waitFor(() => a.logged('cache invalidations delivered again') > deliveredAgain, 20_000, "A's invalidation sent again");

    // from now on, and for longer than what a process keeps while it does not listen (1 s)
    const until = Date.now() + 2500;
    while (Date.now() < until) {
      expect(await locationOf(b.visit(slug))).toBe('https://example.com/after');
      expect(await locationOf(a.visit(slug))).toBe('https://example.com/after');
      await Bun.sleep(100);
    }
  },
  60_000,
);
