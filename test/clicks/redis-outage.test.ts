import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { startRedisServer, type RedisServer } from '../helpers/processes';
import { BROWSER_UA, createLink, type Ws } from '../links/fixtures';
import { clicks } from '../../modules/clicks/schema';
import { flushClicks } from '../../modules/clicks/recorder';

// A Redis of this test's own (a real redis-server on a free port) that the test stops and starts again.
let redis: RedisServer;
let t: TestApp;
let ws: Ws;

beforeAll(async () => {
  redis = await startRedisServer();
  t = await startTestApp({ env: { REDIS_URL: redis.url, REDIS_PREFIX: 'outage' } });
  await t.deps.queue.startWorkers();
  ws = await t.bootstrap({ plan: 'pro' });
});
afterAll(async () => {
  await t.close();
  await redis.destroy();
});

const rows = async (linkId: string) => (await t.deps.db.select({ id: clicks.id }).from(clicks).where(eq(clicks.linkId, linkId))).length;

test.skipIf(!Bun.which('redis-server'))('Redis down: redirects still answer (cached and cold), clicks are buffered and stored once it is back', async () => {
  const warm = await createLink(t, ws, { target: 'https://example.com/warm' });
  const cold = await createLink(t, ws, { target: 'https://example.com/cold' });
  expect((await t.request(`/${warm.slug}`, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(302);
  await flushClicks(t.deps);
  expect(await rows(warm.id)).toBe(1);

  await redis.kill();
  await Bun.sleep(200);
  const started = performance.now();
  for (let i = 0; i < 30; i++) {
    const res = await t.request(`/${warm.slug}`, { headers: { 'user-agent': BROWSER_UA } });
    expect(res.status).toBe(302);
  }
  const coldRes = await t.request(`/${cold.slug}`, { headers: { 'user-agent': BROWSER_UA } });
  expect(coldRes.status).toBe(302);
  expect(coldRes.headers.get('location')).toBe('https://example.com/cold');
  // no Redis timeouts on the way: fast failures only
  expect(performance.now() - started).toBeLessThan(3000);
  await Bun.sleep(300);

  await redis.start();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && (await rows(warm.id)) + (await rows(cold.id)) < 32) await Bun.sleep(200);
  expect(await rows(warm.id)).toBe(31);
  expect(await rows(cold.id)).toBe(1);
});
