import { afterAll, describe, expect, test } from 'bun:test';
import type { Database } from '../../core/db';
import { startTestApp, type TestApp } from '../helpers/app';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import {
  bootstrapOver,
  startApiProcess,
  startRedisServer,
  startWorkerProcess,
  type ApiProcess,
  type ChildProcess,
  type RedisServer,
} from '../helpers/processes';
import { BROWSER_UA } from '../links/fixtures';

/**
 * A rule on `click_count` must see recorded clicks soon (1 s embedded, 2 s in production
 * with several API processes), although the link stays cached (no database read per visit).
 * "The first 3 visitors" go to the default target, every later one to the rule's.
 */
const DEFAULT_TARGET = 'https://example.com/default';
const RULE_TARGET = 'https://example.com/after-three';
const linkBody = {
  target: DEFAULT_TARGET,
  rules: [{ name: 'after three', conditions: [{ field: 'click_count', operator: 'gt', value: 2 }], action: { type: 'redirect', url: RULE_TARGET } }],
};

/** Visits until the rule's target answers; the milliseconds it took. */
async function msUntilRuleTarget(visit: () => Promise<Response>, budgetMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < budgetMs * 3) {
    if ((await visit()).headers.get('location') === RULE_TARGET) return performance.now() - start;
    await Bun.sleep(20);
  }
  return Infinity;
}

describe('in one process with the in-process queue (the embedded default)', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  test('the rule sees the clicks within 1 s', async () => {
    t = await startTestApp({ redis: false });
    const ws = await t.bootstrap({ plan: 'team' });
    const link = (await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: linkBody })).body;
    const visit = () => t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA } });
    // the first visit caches the link with click_count 0
    for (let i = 0; i < 3; i++) expect((await visit()).headers.get('location')).toBe(DEFAULT_TARGET);
    expect(await msUntilRuleTarget(visit, 1_000)).toBeLessThan(1_000);
  });
});

const production = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL && Bun.which('redis-server'));
if (!production) console.warn('click-count-freshness: the production case needs TEST_DATABASE_URL, TEST_REDIS_URL and redis-server');

describe('production: two API processes and a clicks worker', () => {
  let database: Database & { url?: string };
  let redis: RedisServer;
  const running: (ApiProcess | ChildProcess)[] = [];
  afterAll(async () => {
    await Promise.all(running.map((p) => p.stop()));
    await redis?.destroy();
    await database?.close();
  });

  test.skipIf(!production)(
    'clicks recorded through A reach the rule in B within 2 s; a process loading the link from Redis later sees them too',
    async () => {
      database = await createTestDatabase();
      redis = await startRedisServer();
      const env = { databaseUrl: database.url!, redisUrl: redis.url, redisPrefix: 'fresh' };
      const [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
      running.push(a, b, await startWorkerProcess(env, ['clicks']));
      const ws = await bootstrapOver(a, 'team');
      const link = (await a.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: linkBody })).body;
      const visit = (api: ApiProcess) => api.visit(link.slug, { 'user-agent': BROWSER_UA });
      // B caches the link (count 0, also put in Redis); A records the other two visits
      expect((await visit(b)).headers.get('location')).toBe(DEFAULT_TARGET);
      for (let i = 0; i < 2; i++) expect((await visit(a)).headers.get('location')).toBe(DEFAULT_TARGET);
      expect(await msUntilRuleTarget(() => visit(b), 2_000)).toBeLessThan(2_000);
      // C starts now and reads the snapshot B put in Redis (click_count 0): its first visit must not pass as an early one
      const c = await startApiProcess(env);
      running.push(c);
      expect((await visit(c)).headers.get('location')).toBe(RULE_TARGET);
    },
    90_000,
  );
});
