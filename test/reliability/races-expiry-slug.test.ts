import { afterAll, beforeAll, expect, test } from 'bun:test';
import { claimExpiredEvent } from '../../modules/links/update';
import { startTestApp, type TestApp } from '../helpers/app';
import { addDomain, createLink, type Ws } from '../links/fixtures';

/**
 * Fault test 8: races. Concurrent visits to an expired link fire `link.expired` once;
 * concurrent creates of one custom slug end with exactly one link.
 */
let t: TestApp;
let ws: Ws;
beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'pro' });
});
afterAll(() => t.close());

test('100 concurrent visits to an expired link: exactly one link.expired event', async () => {
  const events: { id: string }[] = [];
  const off = t.deps.bus.on('link.expired', (e) => void events.push(e.data));
  try {
    const link = await createLink(t, ws, { target: 'https://example.com/race', expires_at: new Date(Date.now() + 1500).toISOString() });
    await Bun.sleep(1700);
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.request(`/${link.slug}`).then((r) => r.status)));
    // the claim runs detached from the visit: wait for the event, then a little more for any duplicate
    for (let i = 0; i < 50 && events.length === 0; i++) await Bun.sleep(50);
    await Bun.sleep(500);
    await t.deps.bus.settle();
    expect(new Set(answers)).toEqual(new Set([410]));
    expect(events).toEqual([expect.objectContaining({ id: link.id })]);
  } finally {
    off();
  }
}, 20_000);

test('the once-per-expiry claim is atomic in the database (what makes it once across processes)', async () => {
  const link = await createLink(t, ws, { target: 'https://example.com/claim', expires_at: new Date(Date.now() + 60_000).toISOString() });
  const claims = await Promise.all(Array.from({ length: 100 }, () => claimExpiredEvent(t.deps.db, link.id)));
  expect(claims.filter(Boolean).length).toBe(1);
});

test('50 concurrent creates of one custom slug on a custom domain: one 201 and 49 409s; the create limit counts only the link created', async () => {
  const fresh = await t.bootstrap({ plan: 'pro' }); // a full create budget
  const domain = `race-${Date.now().toString(36)}.example`;
  await addDomain(t, fresh, domain, true);
  const create = (body: Record<string, unknown>) =>
    t.api('POST', `/workspaces/${fresh.workspaceId}/links`, { key: fresh.key, body }).then((r) => {
      if (r.status >= 400) expect(typeof r.body.error).toBe('string');
      return r.status;
    });
  const statuses = await Promise.all(Array.from({ length: 50 }, (_, i) => create({ target: `https://example.com/${i}`, domain, slug: 'same-slug' })));
  const count = (s: number) => statuses.filter((x) => x === s).length;
  expect({ created: count(201), conflicts: count(409) }).toEqual({ created: 1, conflicts: 49 });
  const list = await t.api('GET', `/workspaces/${fresh.workspaceId}/links?domain=${domain}`, { key: fresh.key });
  expect(list.body.links.map((l: { slug: string }) => l.slug)).toEqual(['same-slug']);
  // 30 per 10 s: the one link took one point, so 29 more are created and the next is 429
  const more = await Promise.all(Array.from({ length: 29 }, (_, i) => create({ target: `https://example.com/more/${i}` })));
  expect(more.every((s) => s === 201)).toBe(true);
  expect(await create({ target: 'https://example.com/one-too-many' })).toBe(429);
}, 30_000);
