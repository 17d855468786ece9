import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../helpers/db';
import { startApiProcess, type ApiProcess } from '../helpers/processes';
import { addDomain, BROWSER_UA, createLink, type Ws } from '../links/fixtures';
import { domains } from '../../modules/domains/schema';

// Two server processes share PostgreSQL and Redis: this test process (A) and a `bun app/main.ts` child (B).
const enabled = Boolean(TEST_REDIS_URL && TEST_DATABASE_URL);
if (!enabled) console.warn('cluster.test.ts skipped: cache invalidation across processes needs TEST_REDIS_URL and TEST_DATABASE_URL');

let t: TestApp;
let ws: Ws;
let other: ApiProcess | undefined;

beforeAll(async () => {
  if (!enabled) return;
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'pro' });
  other = await startApiProcess({ databaseUrl: (t.deps.database as { url?: string }).url!, redisUrl: TEST_REDIS_URL!, redisPrefix: t.config.redisPrefix });
}, 60_000);
afterAll(async () => {
  await other?.stop();
  await t?.close();
});

/** a visit answered by process B */
const visitB = (slug: string, host = 'go.linkhop.test') => fetch(`${other!.url}/${slug}`, { redirect: 'manual', headers: { host, 'user-agent': BROWSER_UA } });
const patch = (id: string, body: unknown) => t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${id}`, { key: ws.key, body });

test.skipIf(!enabled)('a PATCH or DELETE in one process is seen by the other on its very next visit', async () => {
  const link = await createLink(t, ws, { target: 'https://example.com/v1' });
  expect((await visitB(link.slug)).headers.get('location')).toBe('https://example.com/v1');
  // B now holds the link in its in-process cache
  expect((await visitB(link.slug)).headers.get('location')).toBe('https://example.com/v1');
  for (let version = 2; version <= 6; version++) {
    expect((await patch(link.id, { target: `https://example.com/v${version}` })).status).toBe(200);
    expect((await visitB(link.slug)).headers.get('location')).toBe(`https://example.com/v${version}`);
  }
  expect((await patch(link.id, { redirect_type: 301 })).status).toBe(200);
  expect((await visitB(link.slug)).status).toBe(301);
  expect((await t.api('DELETE', `/workspaces/${ws.workspaceId}/links/${link.id}`, { key: ws.key })).status).toBe(200);
  expect((await visitB(link.slug)).status).toBe(404);
});

test.skipIf(!enabled)('a link created after B cached "not found" is served by B at once; workspace settings reach B', async () => {
  await addDomain(t, ws, 'cluster.example.com');
  await t.deps.db.update(domains).set({ verified: true }).where(eq(domains.domain, 'cluster.example.com'));
  expect((await visitB('fresh', 'cluster.example.com')).status).toBe(404);
  await createLink(t, ws, { target: 'https://example.com/fresh', domain: 'cluster.example.com', slug: 'fresh' });
  expect((await visitB('fresh', 'cluster.example.com')).headers.get('location')).toBe('https://example.com/fresh');

  const expiring = await createLink(t, ws, { target: 'https://example.com/x', expires_at: new Date(Date.now() + 300).toISOString() });
  await Bun.sleep(400);
  expect((await visitB(expiring.slug)).status).toBe(410);
  expect((await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { expired_page_url: 'https://example.com/gone' } })).status).toBe(200);
  const res = await visitB(expiring.slug);
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('https://example.com/gone');
});
