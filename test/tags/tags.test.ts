import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { PLAN_LIMITS } from '../../core/plans';
import { tags as tagsTable } from '../../modules/tags/schema';
import { linkCacheKey } from '../../modules/links/short-url';
import { DEFAULT_DOMAIN, startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function link(key: string, wsId: string, tags: string[]) {
  const res = await t.api('POST', `/workspaces/${wsId}/links`, { key, body: { target: 'https://example.com/page', tags } });
  expect(res.status).toBe(201);
  return res.body as { id: string; tags: string[] };
}

describe('GET /links/tags', () => {
  test('only tags on at least one link, sorted, with metadata or defaults (not captured by /links/:linkId)', async () => {
    const me = await t.bootstrap();
    const ws = me.workspaceId;
    await link(me.key, ws, ['zeta', 'alpha']);
    await link(me.key, ws, ['mid-1', 'alpha']);
    // metadata for a tag on no link is not listed
    expect((await t.api('PUT', `/workspaces/${ws}/links/tags/unused`, { key: me.key, body: { color: '#fff' } })).status).toBe(200);
    expect(
      (
        await t.api('PUT', `/workspaces/${ws}/links/tags/zeta`, {
          key: me.key,
          body: { color: '#A1B2C3', description: 'Last', date_from: '2026-01-01', date_to: '2026-01-31' },
        })
      ).status,
    ).toBe(200);

    const res = await t.api('GET', `/workspaces/${ws}/links/tags`, { key: me.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tags: [
        { name: 'alpha', color: '', description: '', date_from: null, date_to: null, link_count: 2 },
        { name: 'mid-1', color: '', description: '', date_from: null, date_to: null, link_count: 1 },
        { name: 'zeta', color: '#a1b2c3', description: 'Last', date_from: '2026-01-01', date_to: '2026-01-31', link_count: 1 },
      ],
    });
  });

  test('link_count: the links of this workspace carrying the tag, following edits and deletes', async () => {
    const me = await t.bootstrap();
    const ws = me.workspaceId;
    const counts = async () =>
      Object.fromEntries(
        ((await t.api('GET', `/workspaces/${ws}/links/tags`, { key: me.key })).body.tags as { name: string; link_count: number }[]).map((x) => [
          x.name,
          x.link_count,
        ]),
      );
    const first = await link(me.key, ws, ['spring', 'mail']);
    const second = await link(me.key, ws, ['spring']);
    await link(me.key, ws, ['spring', 'social']);
    // another workspace's links with the same tag do not count here
    const other = await t.bootstrap();
    await link(other.key, other.workspaceId, ['spring']);
    expect(await counts()).toEqual({ mail: 1, social: 1, spring: 3 });

    expect((await t.api('PATCH', `/workspaces/${ws}/links/${first.id}`, { key: me.key, body: { tags: ['mail'] } })).status).toBe(200);
    expect((await t.api('DELETE', `/workspaces/${ws}/links/${second.id}`, { key: me.key })).status).toBe(200);
    expect(await counts()).toEqual({ mail: 1, social: 1, spring: 1 });
  });

  test('viewers may list; another workspace sees none of these tags', async () => {
    const me = await t.bootstrap();
    await link(me.key, me.workspaceId, ['mine']);
    const viewer = await memberWithKey(t, me.workspaceId, 'viewer');
    const res = await t.api('GET', `/workspaces/${me.workspaceId}/links/tags`, { key: viewer.key });
    expect(res.status).toBe(200);
    expect(res.body.tags.map((x: any) => x.name)).toEqual(['mine']);
    const other = await t.bootstrap();
    expect((await t.api('GET', `/workspaces/${other.workspaceId}/links/tags`, { key: other.key })).body).toEqual({ tags: [] });
  });

  test('401 without a key', async () => {
    const me = await t.bootstrap();
    expect((await t.api('GET', `/workspaces/${me.workspaceId}/links/tags`)).status).toBe(401);
  });
});

describe('PUT /links/tags/{tagName}', () => {
  test('only the fields given change; null resets a field', async () => {
    const me = await t.bootstrap();
    const ws = me.workspaceId;
    await link(me.key, ws, ['promo']);
    const put = (body: unknown) => t.api('PUT', `/workspaces/${ws}/links/tags/promo`, { key: me.key, body });
    const get = async () => (await t.api('GET', `/workspaces/${ws}/links/tags`, { key: me.key })).body.tags[0];

    const res = await put({ color: '#f00', description: 'Spring' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await get()).toEqual({ name: 'promo', color: '#f00', description: 'Spring', date_from: null, date_to: null, link_count: 1 });
    expect((await put({ date_from: '2026-03-01' })).status).toBe(200);
    expect(await get()).toEqual({ name: 'promo', color: '#f00', description: 'Spring', date_from: '2026-03-01', date_to: null, link_count: 1 });
    expect((await put({ color: '' })).status).toBe(200);
    expect(await get()).toMatchObject({ color: '', description: 'Spring', date_from: '2026-03-01' });
    expect((await put({ description: null, date_from: null, date_to: '2026-04-30' })).status).toBe(200);
    expect(await get()).toEqual({ name: 'promo', color: '', description: '', date_from: null, date_to: '2026-04-30', link_count: 1 });
    expect((await put({})).status).toBe(200);
    expect(await get()).toMatchObject({ date_to: '2026-04-30' });
  });

  test('400 for a bad colour, date, date order, description or tag name', async () => {
    const me = await t.bootstrap();
    const ws = me.workspaceId;
    const put = (name: string, body: unknown) => t.api('PUT', `/workspaces/${ws}/links/tags/${name}`, { key: me.key, body });
    for (const color of ['red', '#12', '#12345g', 'fff', '#1234']) {
      const res = await put('x', { color });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/color/);
    }
    for (const date_from of ['2026-13-01', '2026-02-30', '26-01-01', '2026-01-01T00:00:00Z', 'soon']) {
      const res = await put('x', { date_from });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/date_from/);
    }
    expect((await put('x', { date_to: '2026-1-5' })).body.error).toMatch(/date_to/);
    const order = await put('x', { date_from: '2026-05-02', date_to: '2026-05-01' });
    expect(order.status).toBe(400);
    expect(order.body.error).toMatch(/date_from must not be after date_to/);
    // the order check uses the stored value of the field not given
    expect((await put('x', { date_from: '2026-05-02' })).status).toBe(200);
    expect((await put('x', { date_to: '2026-05-01' })).status).toBe(400);
    expect((await put('x', { date_to: '2026-05-02' })).status).toBe(200);

    expect((await put('x', { description: 'd'.repeat(500) })).status).toBe(200);
    const long = await put('x', { description: 'd'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/description/);
    for (const name of ['Upper', 'a'.repeat(33), 'sp%20ace', 'dot.ted']) {
      const res = await put(name, {});
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/tag name/);
    }
    expect((await put('a'.repeat(32), {})).status).toBe(200);
    expect((await put('x', { color: 5 })).status).toBe(400);
  });

  test('403 for viewers, allowed for editors', async () => {
    const me = await t.bootstrap();
    const viewer = await memberWithKey(t, me.workspaceId, 'viewer');
    const editor = await memberWithKey(t, me.workspaceId, 'editor');
    expect((await t.api('PUT', `/workspaces/${me.workspaceId}/links/tags/a`, { key: viewer.key, body: { color: '#fff' } })).status).toBe(403);
    expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/links/tags/a`, { key: viewer.key })).status).toBe(403);
    expect((await t.api('PUT', `/workspaces/${me.workspaceId}/links/tags/a`, { key: editor.key, body: { color: '#fff' } })).status).toBe(200);
    expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/links/tags/a`, { key: editor.key })).status).toBe(200);
  });

  test('402 beyond 100 tag metadata entries; updating an existing one still works', async () => {
    const me = await t.bootstrap();
    const ws = me.workspaceId;
    const max = PLAN_LIMITS.tags.free;
    expect(max).toBe(100);
    await t.deps.db.insert(tagsTable).values(Array.from({ length: max - 1 }, (_, i) => ({ workspaceId: ws, name: `t${i}` })));
    expect((await t.api('PUT', `/workspaces/${ws}/links/tags/last`, { key: me.key, body: {} })).status).toBe(200);
    const res = await t.api('PUT', `/workspaces/${ws}/links/tags/one-more`, { key: me.key, body: { color: '#000' } });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatch(/100/);
    expect((await t.api('PUT', `/workspaces/${ws}/links/tags/t5`, { key: me.key, body: { color: '#000' } })).status).toBe(200);
    // deleting one makes room again
    expect((await t.api('DELETE', `/workspaces/${ws}/links/tags/t5`, { key: me.key })).status).toBe(200);
    expect((await t.api('PUT', `/workspaces/${ws}/links/tags/one-more`, { key: me.key, body: {} })).status).toBe(200);
  });
});

describe('DELETE /links/tags/{tagName}', () => {
  test('removes the metadata and unlinks the tag from every link of the workspace only', async () => {
    const me = await t.bootstrap();
    const other = await t.bootstrap();
    const ws = me.workspaceId;
    const a = await link(me.key, ws, ['old', 'keep']);
    const b = await link(me.key, ws, ['old']);
    const c = await link(me.key, ws, ['keep']);
    const foreign = await link(other.key, other.workspaceId, ['old']);
    await t.api('PUT', `/workspaces/${ws}/links/tags/old`, { key: me.key, body: { color: '#abc' } });
    // a cached copy of an untagged link (the redirect path caches links by short URL) must be dropped
    const cacheKey = linkCacheKey(DEFAULT_DOMAIN, (await t.api('GET', `/workspaces/${ws}/links/${a.id}`, { key: me.key })).body.slug);
    await t.deps.cache.readThrough(cacheKey, 60_000, async () => ({ stale: true }));
    expect(t.deps.cache.peek(cacheKey)).toEqual({ stale: true });
    const updates: unknown[] = [];
    const off = t.deps.bus.on('link.updated', (e) => void updates.push(e));

    const res = await t.api('DELETE', `/workspaces/${ws}/links/tags/old`, { key: me.key });
    await t.deps.bus.settle();
    off();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await t.deps.cache.get(cacheKey)).toBeUndefined();
    expect(updates).toHaveLength(2);
    expect(updates).toContainEqual(expect.objectContaining({ workspaceId: ws, data: { id: a.id, changes: { tags: ['keep'] } } }));

    const tagsOf = async (key: string, wsId: string, id: string) => (await t.api('GET', `/workspaces/${wsId}/links/${id}`, { key })).body.tags;
    expect(await tagsOf(me.key, ws, a.id)).toEqual(['keep']);
    expect(await tagsOf(me.key, ws, b.id)).toEqual([]);
    expect(await tagsOf(me.key, ws, c.id)).toEqual(['keep']);
    expect(await tagsOf(other.key, other.workspaceId, foreign.id)).toEqual(['old']);
    expect((await t.api('GET', `/workspaces/${ws}/links/tags`, { key: me.key })).body.tags.map((x: any) => x.name)).toEqual(['keep']);
    expect((await t.api('GET', `/workspaces/${ws}/links?tag=old`, { key: me.key })).body.total).toBe(0);

    // the metadata is gone: tagging a link again shows the defaults
    await link(me.key, ws, ['old']);
    expect((await t.api('GET', `/workspaces/${ws}/links/tags`, { key: me.key })).body.tags[1]).toEqual({
      name: 'old',
      color: '',
      description: '',
      date_from: null,
      date_to: null,
      link_count: 1,
    });

    // each untagged link is audited as a link update
    const audit = await t.api('GET', `/workspaces/${ws}/audit-log?action=link.update`, { key: me.key });
    expect(audit.body.entries.map((e: any) => e.details?.id ?? JSON.parse(e.details ?? '{}').id).sort()).toEqual([a.id, b.id].sort());
  });

  test('an unknown tag is a no-op; a bad name is 400', async () => {
    const me = await t.bootstrap();
    expect((await t.api('DELETE', `/workspaces/${me.workspaceId}/links/tags/never`, { key: me.key })).status).toBe(200);
    const bad = await t.api('DELETE', `/workspaces/${me.workspaceId}/links/tags/BAD`, { key: me.key });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/tag name/);
  });
});
