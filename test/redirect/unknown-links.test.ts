import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { links } from '../../modules/links/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { addDomain, BROWSER_UA, createLink, type Ws } from '../links/fixtures';

/**
 * Visits to no link: a "not found" is kept in process for 30 s (one database query per URL and
 * process in that time), dropped at once by a create of that URL; and each visitor IP may ask for
 * 60 unknown links a minute, then 429. Visits over a real socket from 127.0.0.1 (the limit counts
 * the socket's address). Also run with TEST_DATABASE_URL + TEST_REDIS_URL (Redis cache and limits);
 * test/redirect/cluster.test.ts shows the drop across two processes sharing Redis.
 */
let t: TestApp;
let ws: Ws;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'pro' });
  await addDomain(t, ws, 'probe.example.com', true);
  base = await t.listen();
});
afterAll(() => t.close());

/** 404s this file's visits got: each took a point of 127.0.0.1's allowance */
let misses = 0;
async function visit(slug: string, host = t.config.defaultDomain) {
  const res = await fetch(`${base}/${slug}`, { redirect: 'manual', headers: { host, 'user-agent': BROWSER_UA } });
  if (res.status === 404) misses++;
  return res;
}
/** writes a link's short URL in the database only: no cache hears of it, so a visit shows whether the database was asked */
const moveInDatabase = (id: string, slug: string) => t.deps.db.update(links).set({ slug, domain: 'probe.example.com' }).where(eq(links.id, id));

test('a miss asks the database once and is answered from memory for 30 s; a link created at that URL resolves at once', async () => {
  const elsewhere = await createLink(t, ws, { target: 'https://example.com/ghost' });
  expect((await visit('ghost', 'probe.example.com')).status).toBe(404);
  expect((await visit('phantom', 'probe.example.com')).status).toBe(404);

  // the database now has a link at /ghost, which no cache heard of
  await moveInDatabase(elsewhere.id, 'ghost');
  expect((await visit('ghost', 'probe.example.com')).status).toBe(404);
  // a create through the service drops the remembered miss everywhere before it answers
  await createLink(t, ws, { target: 'https://example.com/phantom', domain: 'probe.example.com', slug: 'phantom' });
  const created = await visit('phantom', 'probe.example.com');
  expect(created.status).toBe(302);
  expect(created.headers.get('location')).toBe('https://example.com/phantom');

  // well past the former 5 s, well within 30 s: still not asked again
  await Bun.sleep(8_000);
  expect((await visit('ghost', 'probe.example.com')).status).toBe(404);
}, 30_000);

test('an IP gets 60 unknown links a minute, then 429 with Retry-After; visits to links never count and still answer', async () => {
  const known = await createLink(t, ws, { target: 'https://example.com/known' });
  for (let i = 0; i < 100; i++) expect((await visit(known.slug)).status).toBe(302);
  let refused = await visit('nothing-0');
  for (let i = 1; refused.status === 404 && i < 100; i++) refused = await visit(`nothing-${i}`);
  expect(refused.status).toBe(429);
  expect(misses).toBe(60); // the first test's included
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(await refused.text()).toContain('Too many requests');
  // unknown hosts count as misses as well
  expect((await visit('x', 'unknown-host.example.com')).status).toBe(429);

  // a link it had visited still redirects
  expect((await visit(known.slug)).status).toBe(302);
  // a URL this process holds nothing for is refused before the database: this link exists there
  const uncached = await createLink(t, ws, { target: 'https://example.com/uncached' });
  await moveInDatabase(uncached.id, 'never-visited');
  expect((await visit('never-visited', 'probe.example.com')).status).toBe(429);
});
