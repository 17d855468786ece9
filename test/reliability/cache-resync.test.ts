import { afterAll, beforeAll, expect, test } from 'bun:test';
import Redis from 'ioredis';
import type { Database } from '../../core/db';
import { DEFAULT_DOMAIN } from '../helpers/app';
import { TEST_DATABASE_URL } from '../helpers/db';
import { type Deployment, startDeployment } from '../helpers/deployment';
import { needs } from '../helpers/needs';
import { bootstrapOver, startApiProcess, waitFor, type ApiProcess, type RedisServer } from '../helpers/processes';
import { SENTINEL_BIN, SENTINEL_NAME, startSentinelSetup } from '../helpers/sentinel';

/**
 * Cache invalidations across API processes when Redis goes away (issue 37). Two API processes (A,
 * B) in production mode share PostgreSQL and a redis-server of this file that keeps its data on
 * disk (AOF), as a restarted or promoted Redis does. A link changed through A while Redis is down:
 * A's invalidation cannot reach Redis or B, and Redis comes back holding the old copy. B dropped
 * what it kept when its subscription went, A sends its invalidation again once Redis answers: both
 * serve the change afterwards, and keep serving it. Then the same through Sentinel, where the
 * promoted replica never received the invalidation that its old primary took.
 */
const enabled = needs(
  Boolean(TEST_DATABASE_URL && Bun.which('redis-server')),
  'cache-resync.test.ts',
  'TEST_DATABASE_URL and redis-server (two API processes on shared services)',
);

const withSentinel = enabled && needs(Boolean(SENTINEL_BIN), 'cache-resync.test.ts (Sentinel)', 'redis-sentinel (Debian package redis-sentinel)');

let deployment: Deployment;
let database: Database & { url?: string };
let redis: RedisServer;
let a: ApiProcess;
let b: ApiProcess;
let ws: { workspaceId: string; key: string };

beforeAll(async () => {
  if (!enabled) return;
  deployment = await startDeployment({ redisPrefix: 'resync', aof: true, apis: 2, workers: 0 });
  ({ database, redis } = deployment);
  [a, b] = deployment.apis;
  ws = await bootstrapOver(a);
}, 60_000);

afterAll(async () => {
  if (!enabled) return;
  await deployment?.stop();
});

const linksPath = () => `/workspaces/${ws.workspaceId}/links`;
const locationOf = async (res: Promise<Response>) => (await res).headers.get('location');
const DELIVERED_AGAIN = 'cache invalidations delivered again';
const SUBSCRIPTION_BACK = 'cache invalidation subscription back: local cache dropped';

async function createLinkOver(api: ApiProcess, target: string): Promise<{ id: string; slug: string }> {
  const created = await api.api('POST', linksPath(), { key: ws.key, body: { target } });
  expect(created.status).toBe(201);
  return created.body;
}

/** from now on, and for longer than what a process keeps while it does not listen (1 s), `apis` serve `slug` → `target` */
async function expectServedFromNowOn(apis: ApiProcess[], slug: string, target: string) {
  const until = Date.now() + 2500;
  while (Date.now() < until) {
    for (const api of apis) expect(await locationOf(api.visit(slug))).toBe(target);
    await Bun.sleep(100);
  }
}

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
    const { id, slug } = await createLinkOver(a, 'https://example.com/before');
    // B loads the link (into its memory and Redis), A reads it from Redis
    expect(await locationOf(b.visit(slug))).toBe('https://example.com/before');
    await Bun.sleep(200);
    expect(await locationOf(a.visit(slug))).toBe('https://example.com/before');
    // the AOF is written to disk every second: the restarted Redis will hold the old copy
    await Bun.sleep(1500);

    const subscriptionsBack = b.logged(SUBSCRIPTION_BACK);
    const deliveredAgain = a.logged(DELIVERED_AGAIN);
    await redis.kill();
    try {
      const patched = await a.api('PATCH', `${linksPath()}/${id}`, { key: ws.key, body: { target: 'https://example.com/after' } });
      expect(patched.status).toBe(200);
      expect(a.logged('cache invalidation did not reach Redis (sent again when it answers)')).toBeGreaterThan(0);
    } finally {
      await redis.start();
    }
    const back = performance.now();
    // B listens again (and dropped what it kept), A's invalidation went out again
    await waitFor(() => b.logged(SUBSCRIPTION_BACK) > subscriptionsBack, 20_000, "B's subscription back");
    await waitFor(() => a.logged(DELIVERED_AGAIN) > deliveredAgain, 20_000, "A's invalidation sent again");
    console.info(`Redis restarted: A's invalidation sent again and B listening ${Math.round(performance.now() - back)} ms later`);
    await expectServedFromNowOn([a, b], slug, 'https://example.com/after');
  },
  60_000,
);

test.skipIf(!withSentinel)(
  'Sentinel failover to a replica that missed an invalidation: both processes serve the change once the replica is primary',
  async () => {
    const setup = await startSentinelSetup();
    const env = {
      databaseUrl: database.url!,
      redisUrl: 'redis://',
      redisPrefix: 'resync-sentinel',
      REDIS_SENTINELS: setup.sentinels,
      REDIS_SENTINEL_NAME: SENTINEL_NAME,
    };
    const [c, d] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
    const [primary, replica] = [setup.primary, setup.replica].map((server) => {
      const redis = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      redis.on('error', () => {});
      return redis;
    }) as [Redis, Redis];
    try {
      const { id, slug } = await createLinkOver(c, 'https://example.com/before');
      expect(await locationOf(d.visit(slug))).toBe('https://example.com/before');
      // the copy in Redis has reached the replica
      await waitFor(async () => (await replica.exists(`resync-sentinel:c:link:${DEFAULT_DOMAIN}/${slug}`)) === 1, 10_000, 'the replica to hold the link');
      expect(await locationOf(c.visit(slug))).toBe('https://example.com/before');

      // the replica hangs and the primary drops its link (else the DEL would wait in the replica's
      // socket): the primary takes the invalidation, the replica never gets it
      setup.replica.pause();
      await primary.client('KILL', 'TYPE', 'replica');
      const subscriptionsBack = new Map([c, d].map((api) => [api, api.logged(SUBSCRIPTION_BACK)]));
      try {
        expect((await c.api('PATCH', `${linksPath()}/${id}`, { key: ws.key, body: { target: 'https://example.com/after' } })).status).toBe(200);
        expect(await locationOf(d.visit(slug))).toBe('https://example.com/after');
        await setup.primary.kill();
      } finally {
        setup.replica.resume();
      }
      await waitFor(async () => (await setup.primaryPort()) === setup.replica.port, 30_000, 'the Sentinels to promote the replica');
      const promoted = performance.now();
      // both listen again (each dropped what it kept); C sends what it invalidated lately to the new
      // primary, which has the old copy: until then a process reads that copy from Redis
      for (const api of [c, d]) await waitFor(() => api.logged(SUBSCRIPTION_BACK) > subscriptionsBack.get(api)!, 30_000, 'the subscriptions back');
      await waitFor(
        async () => (await locationOf(c.visit(slug))) === 'https://example.com/after' && (await locationOf(d.visit(slug))) === 'https://example.com/after',
        20_000,
        'both processes to serve the change',
      );
      console.info(`replica promoted: both processes serve the change ${Math.round(performance.now() - promoted)} ms later`);
      await expectServedFromNowOn([c, d], slug, 'https://example.com/after');
    } finally {
      primary.disconnect();
      replica.disconnect();
      await Promise.all([c.stop(), d.stop()]);
      await setup.destroy();
    }
  },
  120_000,
);
