import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { links } from '../../modules/links/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';
import { addDomain, type Ws } from './fixtures';

// The list parameters and the bulk tagging the dashboard's links page needs: search, created-date
// range, sort and order; PATCH /links/bulk adding and removing tags.
let t: TestApp;
let ws: Ws;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'pro' });
  await addDomain(t, ws, 'q.example.com');
  const bodies = [
    { key: 'alpha', target: 'https://shop.example.com/Spring-Sale', title: 'Spring sale', slug: 'alpha', created: '2026-01-05T10:00:00Z', clicks: 5 },
    { key: 'beta', target: 'https://blog.example.org/post', title: 'Blog: 100%_off', slug: 'beta', created: '2026-02-10T23:30:00Z', clicks: 50 },
    { key: 'gamma', target: 'https://example.net/spring', title: null, slug: 'gamma', created: '2026-02-11T00:00:00Z', clicks: 0 },
    { key: 'delta', target: 'https://docs.example.com/a', title: 'Zebra docs', slug: 'sale-delta', created: '2026-03-01T12:00:00Z', clicks: 7 },
  ];
  for (const b of bodies) {
    const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, {
      key: ws.key,
      body: { target: b.target, title: b.title ?? undefined, slug: b.slug, domain: 'q.example.com' },
    });
    expect(res.status).toBe(201);
    ids[b.key] = res.body.id;
    await t.deps.db
      .update(links)
      .set({ createdAt: new Date(b.created), clickCount: b.clicks })
      .where(eq(links.id, res.body.id));
  }
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.api('GET', `/workspaces/${ws.workspaceId}/links?${query}`, { key: ws.key });
  return {
    status: res.status,
    body: res.body,
    keys: res.status === 200 ? res.body.links.map((l: any) => Object.keys(ids).find((k) => ids[k] === l.id)) : res.body.error,
  };
};

describe('GET /links: search, date range, sort', () => {
  test('q finds slug, target or title, ignoring case; % and _ are plain characters', async () => {
    expect((await list('q=SPRING')).keys).toEqual(['gamma', 'alpha']);
    expect((await list('q=sale')).keys).toEqual(['delta', 'alpha']);
    expect((await list('q=blog.example')).keys).toEqual(['beta']);
    expect((await list('q=100%25_off')).keys).toEqual(['beta']);
    expect((await list('q=%25')).keys).toEqual(['beta']);
    expect((await list('q=nothing-like-this')).body).toMatchObject({ links: [], total: 0 });
    // combined with the other filters and counted in total
    const both = await list('q=spring&limit=1');
    expect(both.body.total).toBe(2);
  });

  test('from and to bound created_at; a bare date covers its whole UTC day', async () => {
    expect((await list('from=2026-02-10')).keys).toEqual(['delta', 'gamma', 'beta']);
    expect((await list('to=2026-02-10')).keys).toEqual(['beta', 'alpha']);
    expect((await list('from=2026-02-01&to=2026-02-11')).keys).toEqual(['gamma', 'beta']);
    expect((await list('to=2026-02-10T23:00:00Z')).keys).toEqual(['alpha']);
    const bad = await list('from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid query parameter from: expected an ISO 8601 date or timestamp');
  });

  test('sort and order; ties broken by id so pages never overlap', async () => {
    expect((await list('sort=click_count')).keys).toEqual(['beta', 'delta', 'alpha', 'gamma']);
    expect((await list('sort=click_count&order=asc')).keys).toEqual(['gamma', 'alpha', 'delta', 'beta']);
    expect((await list('sort=slug&order=asc')).keys).toEqual(['alpha', 'beta', 'gamma', 'delta']);
    // links without a title come last either way
    expect((await list('sort=title&order=asc')).keys).toEqual(['beta', 'alpha', 'delta', 'gamma']);
    expect((await list('sort=title&order=desc')).keys).toEqual(['delta', 'alpha', 'beta', 'gamma']);
    expect((await list('order=asc')).keys).toEqual(['alpha', 'beta', 'gamma', 'delta']);
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(...(await list(`sort=click_count&limit=1&page=${page}`)).keys);
    expect(pages).toEqual(['beta', 'delta', 'alpha', 'gamma']);
    const bad = await list('sort=clicks');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toStartWith('Invalid query parameter sort: sort must be one of created_at');
    expect((await list('order=up')).status).toBe(400);
  });

  test('the parameters are documented in the OpenAPI description', async () => {
    const doc = await (await t.app.handle(new Request('http://linkhop.test/api/openapi.json'))).json();
    const params = doc.paths['/api/workspaces/{wsId}/links'].get.parameters.map((p: any) => p.name);
    expect(params).toEqual(expect.arrayContaining(['q', 'from', 'to', 'sort', 'order']));
    expect(doc.paths['/api/workspaces/{wsId}/links/bulk'].patch.summary).toContain('tags');
  });
});

describe('PATCH /links/bulk: add and remove tags', () => {
  const tagsOf = async (key: string) => (await t.api('GET', `/workspaces/${ws.workspaceId}/links/${ids[key]}`, { key: ws.key })).body.tags;
  const bulk = (body: unknown, key = ws.key) => t.api('PATCH', `/workspaces/${ws.workspaceId}/links/bulk`, { key, body });

  test('adds to each link, keeps existing tags once, removes; unknown and foreign IDs are ignored', async () => {
    await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${ids.alpha}`, { key: ws.key, body: { tags: ['old', 'spring'] } });
    const other = await t.bootstrap({ plan: 'pro' });
    const foreign = (await t.api('POST', `/workspaces/${other.workspaceId}/links`, { key: other.key, body: { target: 'https://example.com/f' } })).body;
    const events: any[] = [];
    const off = t.deps.bus.on('link.updated', (e) => void events.push(e.data));
    const res = await bulk({ ids: [ids.alpha, ids.beta, 'no-such-id', foreign.id], add_tags: ['spring', 'promo'], remove_tags: ['old'] });
    off();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    expect(await tagsOf('alpha')).toEqual(['spring', 'promo']);
    expect(await tagsOf('beta')).toEqual(['spring', 'promo']);
    expect((await t.api('GET', `/workspaces/${other.workspaceId}/links/${foreign.id}`, { key: other.key })).body.tags).toBeNull();
    expect(events.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: ids.alpha, changes: { tags: ['spring', 'promo'] } },
        { id: ids.beta, changes: { tags: ['spring', 'promo'] } },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect((await list('tag=promo')).keys.sort()).toEqual(['alpha', 'beta']);
    const audit = await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?action=link.update`, { key: ws.key });
    expect(audit.body.entries.filter((e: any) => JSON.parse(e.details).changes?.tags?.includes('promo'))).toHaveLength(2);

    // nothing to change: still counted, no event
    const again: any[] = [];
    const off2 = t.deps.bus.on('link.updated', (e) => void again.push(e));
    expect((await bulk({ ids: [ids.alpha], add_tags: ['promo'] })).body).toEqual({ updated: 1 });
    off2();
    expect(again).toEqual([]);
    expect((await bulk({ ids: [ids.alpha, ids.beta], remove_tags: ['promo', 'spring'] })).body).toEqual({ updated: 2 });
    expect(await tagsOf('beta')).toEqual([]);
  });

  test('a link passing 10 tags fails the whole call and changes nothing', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => `t${i}`);
    await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${ids.gamma}`, { key: ws.key, body: { tags: nine } });
    await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${ids.delta}`, { key: ws.key, body: { tags: ['x'] } });
    const res = await bulk({ ids: [ids.delta, ids.gamma], add_tags: ['a1', 'a2'] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Too many tags: q.example.com/gamma would have 11 (a link has at most 10)');
    expect(await tagsOf('delta')).toEqual(['x']);
    expect(await tagsOf('gamma')).toEqual(nine);
  });

  test('bad input is 400; a viewer is refused', async () => {
    for (const [body, error] of [
      [{ ids: [], add_tags: ['a'] }, 'ids must hold 1 to 100 link IDs'],
      [{ ids: Array.from({ length: 101 }, (_, i) => `id${i}`), add_tags: ['a'] }, 'ids must hold 1 to 100 link IDs'],
      [{ ids: [ids.alpha] }, 'No updates provided: give add_tags or remove_tags'],
      [{ ids: [ids.alpha], add_tags: ['Bad Tag'] }, 'Invalid tag "Bad Tag": use 1 to 32 of a-z, 0-9, hyphen and underscore'],
      [{ ids: [ids.alpha], add_tags: 'promo' }, undefined],
    ] as const) {
      const res = await bulk(body);
      expect(res.status).toBe(400);
      if (error) expect(res.body.error).toBe(error);
    }
    const viewer = await memberWithKey(t, ws.workspaceId, 'viewer', 'pro');
    expect((await bulk({ ids: [ids.alpha], add_tags: ['v'] }, viewer.key)).status).toBe(403);
    const editor = await memberWithKey(t, ws.workspaceId, 'editor', 'pro');
    expect((await bulk({ ids: [ids.alpha], add_tags: ['e'] }, editor.key)).status).toBe(200);
  });
});
