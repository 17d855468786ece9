import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';
import { addDomain, BROWSER_UA, createLink, type Ws } from './fixtures';
import { slugSource } from '../../modules/links/slugs';

let t: TestApp;
let ws: Ws;
beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'pro' });
  await addDomain(t, ws, 'm.example.com');
});
afterAll(() => t.close());

const path = (w: Ws, rest = '') => `/workspaces/${w.workspaceId}/links${rest}`;

describe('list', () => {
  let list: Ws;
  beforeAll(async () => {
    list = await t.bootstrap({ plan: 'pro' });
    await addDomain(t, list, 'list.example.com');
    const bodies = [
      ...Array.from({ length: 5 }, (_, i) => ({ target: `https://example.com/${i}`, tags: i % 2 ? ['odd'] : ['even'] })),
      { target: 'https://example.com/c1', domain: 'list.example.com', slug: 'promo-a' },
      { target: 'https://example.com/c2', domain: 'list.example.com', slug: 'promo-b', tags: ['odd'] },
      { target: 'https://example.com/c3', domain: 'list.example.com', slug: 'other' },
    ];
    const res = await t.api('POST', path(list, '/bulk'), { key: list.key, body: { links: bodies } });
    expect(res.body.count).toBe(8);
  });

  test('pagination: total, page, limit; newest first; default limit 20', async () => {
    const all = await t.api('GET', path(list), { key: list.key });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 8, page: 1, limit: 20 });
    expect(all.body.links).toHaveLength(8);
    const page2 = await t.api('GET', path(list, '?page=2&limit=3'), { key: list.key });
    expect(page2.body).toMatchObject({ total: 8, page: 2, limit: 3 });
    expect(page2.body.links.map((l: any) => l.id)).toEqual(all.body.links.slice(3, 6).map((l: any) => l.id));
    const beyond = await t.api('GET', path(list, '?page=9&limit=3'), { key: list.key });
    expect(beyond.body.links).toEqual([]);
    expect(beyond.body.total).toBe(8);
  });

  test('filters: domain, prefix (default domain unless domain given), tag', async () => {
    const custom = await t.api('GET', path(list, '?domain=list.example.com'), { key: list.key });
    expect(custom.body.total).toBe(3);
    const prefixed = await t.api('GET', path(list, '?domain=list.example.com&prefix=promo'), { key: list.key });
    expect(prefixed.body.links.map((l: any) => l.slug).sort()).toEqual(['promo-a', 'promo-b']);
    // without domain, prefix looks at the default domain only
    const onDefault = await t.api('GET', path(list, '?prefix=promo'), { key: list.key });
    expect(onDefault.body.total).toBe(0);
    const odd = await t.api('GET', path(list, '?tag=odd'), { key: list.key });
    expect(odd.body.total).toBe(3);
    expect(odd.body.links.every((l: any) => l.tags.includes('odd'))).toBe(true);
  });

  test('limit and page bounds are 400', async () => {
    for (const q of ['?limit=101', '?limit=0', '?page=0', '?page=abc']) {
      const res = await t.api('GET', path(list, q), { key: list.key });
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
      expect(res.body.error).toBeString();
    }
  });

  test('another workspace sees none of them', async () => {
    const res = await t.api('GET', path(ws, '?domain=list.example.com'), { key: ws.key });
    expect(res.body.total).toBe(0);
  });
});

describe('get', () => {
  test("404 for unknown and for another workspace's link", async () => {
    const other = await t.bootstrap();
    const link = await createLink(t, other, { target: 'https://example.com/o' });
    expect((await t.api('GET', path(ws, `/${link.id}`), { key: ws.key })).status).toBe(404);
    const missing = await t.api('GET', path(ws, '/nope'), { key: ws.key });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Link not found');
  });
});

describe('PATCH', () => {
  const patch = (id: string, body: unknown) => t.api('PATCH', path(ws, `/${id}`), { key: ws.key, body });

  test('errors: no updates, invalid values, custom slug on the default domain, tags, 404, 409', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/p' });
    const taken = await createLink(t, ws, { target: 'https://example.com/p', domain: 'm.example.com', slug: 'taken' });
    const custom = await createLink(t, ws, { target: 'https://example.com/p', domain: 'm.example.com', slug: 'mine' });
    const cases: [string, string, unknown, number, RegExp][] = [
      ['no updates', link.id, {}, 400, /No updates/],
      ['target invalid', link.id, { target: 'nope' }, 400, /Invalid target/],
      ['target null', link.id, { target: null }, 400, /target/],
      ['custom slug on default domain', link.id, { slug: 'custom' }, 400, /custom domain/],
      ['more than 10 tags', link.id, { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 400, /at most 10/],
      ['short password', link.id, { password: '1234567' }, 400, /at least 8/],
      ['redirect_type 303', link.id, { redirect_type: 303 }, 400, /301 or 302/],
      ['expires_at invalid', link.id, { expires_at: '31/12/2030' }, 400, /expires_at/],
      ['fallback_url invalid', link.id, { fallback_url: 'javascript:x' }, 400, /fallback_url/],
      ['og_image invalid', link.id, { og_image: 'x' }, 400, /og_image/],
      ["domain not the workspace's", link.id, { domain: 'elsewhere.example.com' }, 400, /Invalid domain/],
      ['reserved slug', custom.id, { slug: 'healthz' }, 400, /reserved/],
      ['slug taken on the domain', custom.id, { slug: 'taken' }, 409, /already exists/],
      ['unknown link', 'missing-id', { title: 'x' }, 404, /Link not found/],
      ['slug with a slash', custom.id, { slug: 'a/b' }, 400, /Invalid slug/],
      ['tag with spaces', link.id, { tags: ['two words'] }, 400, /Invalid tag/],
      ['utm key unknown', link.id, { utm_params: { evil: 'x' } }, 400, /unknown key evil/],
      ['target on the default short domain', link.id, { target: 'http://go.linkhop.test/abc' }, 400, /redirect loop/],
      ['target on a custom short domain', link.id, { target: 'https://m.example.com/x' }, 400, /redirect loop/],
      ['target javascript:', link.id, { target: 'javascript:alert(1)' }, 400, /Invalid target/],
    ];
    for (const [name, id, body, status, message] of cases) {
      const res = await patch(id, body);
      expect({ name, status: res.status }).toEqual({ name, status });
      expect(res.body.error).toMatch(message);
    }
    expect(taken.slug).toBe('taken');
  });

  test('changes apply; null clears; redirect_type null resets to 302; password sets and clears', async () => {
    const link = await createLink(t, ws, {
      target: 'https://example.com/x',
      title: 'T',
      note: 'N',
      tags: ['a'],
      utm_params: { source: 's' },
      redirect_type: 301,
      expires_at: '2031-01-01T00:00:00Z',
    });
    expect(
      (
        await patch(link.id, {
          title: 'New',
          tags: null,
          note: null,
          utm_params: null,
          redirect_type: null,
          expires_at: null,
          password: 'new-password',
          monitoring: true,
        })
      ).status,
    ).toBe(200);
    let got = (await t.api('GET', path(ws, `/${link.id}`), { key: ws.key })).body;
    expect(got).toMatchObject({
      title: 'New',
      tags: null,
      note: null,
      utm_params: null,
      redirect_type: 302,
      expires_at: null,
      has_password: true,
      monitoring: true,
    });
    expect(Date.parse(got.updated_at)).toBeGreaterThanOrEqual(Date.parse(got.created_at));
    expect((await patch(link.id, { password: null })).status).toBe(200);
    got = (await t.api('GET', path(ws, `/${link.id}`), { key: ws.key })).body;
    expect(got.has_password).toBe(false);
  });

  test('a PATCH changes only the fields it names: a 301 link stays 301 (no schema default fills redirect_type)', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/keep', redirect_type: 301, monitoring: true });
    const events: any[] = [];
    const off = t.deps.bus.on('link.updated', (e) => void events.push(e.data.changes));
    expect((await patch(link.id, { title: 'Only the title' })).status).toBe(200);
    off();
    expect((await t.api('GET', path(ws, `/${link.id}`), { key: ws.key })).body).toMatchObject({
      title: 'Only the title',
      redirect_type: 301,
      monitoring: true,
    });
    expect(events).toEqual([{ title: 'Only the title' }]);
  });

  test('slug and domain moves: custom slug on a custom domain; moving to the default domain generates a slug', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/m' });
    expect((await patch(link.id, { domain: 'm.example.com', slug: 'moved' })).status).toBe(200);
    let got = (await t.api('GET', path(ws, `/${link.id}`), { key: ws.key })).body;
    expect(got).toMatchObject({ domain: 'm.example.com', slug: 'moved', short_url: 'https://m.example.com/moved' });
    expect((await patch(link.id, { domain: 'go.linkhop.test' })).status).toBe(200);
    got = (await t.api('GET', path(ws, `/${link.id}`), { key: ws.key })).body;
    expect(got.domain).toBe('go.linkhop.test');
    expect(got.slug).toMatch(/^[A-Za-z0-9]{7}$/);
    // re-sending the unchanged slug on the default domain is not a custom slug
    expect((await patch(link.id, { slug: got.slug, title: 'same' })).status).toBe(200);
  });

  test('plan-gated fields through PATCH: 402 on the free plan', async () => {
    const free = await t.bootstrap({ plan: 'free' });
    const link = await createLink(t, free, { target: 'https://example.com/free' });
    for (const body of [
      { routing_rules: { geo: { DE: 'https://example.de' } } },
      {
        ab_variants: [
          { url: 'https://example.com/a', weight: 50 },
          { url: 'https://example.com/b', weight: 50 },
        ],
      },
    ]) {
      const res = await t.api('PATCH', path(free, `/${link.id}`), { key: free.key, body });
      expect({ body, status: res.status }).toEqual({ body, status: 402 });
      expect(res.body.error).toBeString();
    }
  });

  test('a changed password: the old one is refused, the new one unlocks', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/locked', password: 'first-password' });
    expect((await patch(link.id, { password: 'second-password' })).status).toBe(200);
    const unlock = (password: string) =>
      t.request(`/${link.slug}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER_UA },
        body: new URLSearchParams({ password }).toString(),
      });
    expect((await unlock('first-password')).status).toBe(401);
    const right = await unlock('second-password');
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('https://example.com/locked');
  });

  test('link.updated and the audit carry the stored values: a normalised domain, the slug it generated, 302 for a cleared redirect_type', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/n', domain: 'm.example.com', slug: 'norm', redirect_type: 301 });
    await t.deps.bus.settle();
    const events: any[] = [];
    const off = t.deps.bus.on('link.updated', (e) => void events.push(e));
    expect((await patch(link.id, { domain: 'GO.LINKHOP.TEST', redirect_type: null })).status).toBe(200);
    await t.deps.bus.settle();
    off();
    const got = (await t.api('GET', path(ws, `/${link.id}`), { key: ws.key })).body;
    expect(got.slug).not.toBe('norm');
    const changes = { domain: 'go.linkhop.test', redirect_type: 302, slug: got.slug };
    expect(events.map((e) => e.data)).toEqual([{ id: link.id, changes }]);
    const audit = await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?action=link.update`, { key: ws.key });
    const entry = audit.body.entries.find((e: any) => JSON.parse(e.details).id === link.id);
    expect(JSON.parse(entry.details).changes).toEqual(changes);
  });

  test('moving to the default domain draws another slug when the generated one is taken', async () => {
    const holder = await createLink(t, ws, { target: 'https://example.com/holder' });
    const link = await createLink(t, ws, { target: 'https://example.com/mover', domain: 'm.example.com', slug: 'mover' });
    const random = slugSource.next;
    const drawn = [holder.slug, 'Fresh01'];
    slugSource.next = () => drawn.shift() ?? random();
    try {
      expect((await patch(link.id, { domain: 'go.linkhop.test' })).status).toBe(200);
    } finally {
      slugSource.next = random;
    }
    expect((await t.api('GET', path(ws, `/${link.id}`), { key: ws.key })).body.slug).toBe('Fresh01');
    expect((await t.api('GET', path(ws, `/${holder.id}`), { key: ws.key })).body.target).toBe('https://example.com/holder');
  });

  test('link.updated carries the changes (password only as has_password); audit link.update', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/e' });
    await t.deps.bus.settle();
    const events: any[] = [];
    const off = t.deps.bus.on('link.updated', (e) => void events.push(e));
    await patch(link.id, { target: 'https://example.com/e2', tags: ['z'], password: 'sekret-pass' });
    await t.deps.bus.settle();
    off();
    expect(events).toEqual([
      { workspaceId: ws.workspaceId, userId: ws.userId, data: { id: link.id, changes: { target: 'https://example.com/e2', tags: ['z'], has_password: true } } },
    ]);
    const audit = await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?action=link.update`, { key: ws.key });
    const entry = audit.body.entries.find((e: any) => JSON.parse(e.details).id === link.id);
    expect(JSON.parse(entry.details).changes.has_password).toBe(true);
    expect(entry.details).not.toContain('sekret-pass');
  });
});

describe('DELETE', () => {
  test('deletes (admin), 404 after; event link.deleted; audit link.delete; editor gets 403', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/d' });
    const editorKey = (await t.api('POST', `/workspaces/${ws.workspaceId}/api-keys`, { key: ws.key, body: { role: 'editor' } })).body.key;
    expect((await t.api('DELETE', path(ws, `/${link.id}`), { key: editorKey })).status).toBe(403);
    const events: any[] = [];
    const off = t.deps.bus.on('link.deleted', (e) => void events.push(e));
    const res = await t.api('DELETE', path(ws, `/${link.id}`), { key: ws.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    await t.deps.bus.settle();
    off();
    expect(events).toEqual([{ workspaceId: ws.workspaceId, userId: ws.userId, data: { id: link.id, domain: link.domain, slug: link.slug } }]);
    expect((await t.api('DELETE', path(ws, `/${link.id}`), { key: ws.key })).status).toBe(404);
    expect((await t.api('GET', path(ws, `/${link.id}`), { key: ws.key })).status).toBe(404);
    const audit = await t.api('GET', `/workspaces/${ws.workspaceId}/audit-log?action=link.delete`, { key: ws.key });
    expect(audit.body.entries.some((e: any) => JSON.parse(e.details).id === link.id)).toBe(true);
  });
});

describe('bulk', () => {
  test('invalid items are skipped; valid ones created in one go; {created, count}', async () => {
    const b = await t.bootstrap({ plan: 'pro' });
    await addDomain(t, b, 'bulk.example.com');
    await createLink(t, b, { target: 'https://example.com/x', domain: 'bulk.example.com', slug: 'exists' });
    await t.deps.bus.settle();
    const events: any[] = [];
    const off = t.deps.bus.on('link.created', (e) => void (e.workspaceId === b.workspaceId && events.push(e)));
    const res = await t.api('POST', path(b, '/bulk'), {
      key: b.key,
      body: {
        links: [
          { target: 'https://example.com/1', title: 'one' },
          { target: 'not-a-url' },
          { target: 'https://example.com/2', slug: 'custom-on-default' },
          { target: 'https://example.com/3', domain: 'bulk.example.com', slug: 'exists' },
          { target: 'https://example.com/4', domain: 'bulk.example.com', slug: 'fresh' },
          { target: 'https://example.com/5', domain: 'bulk.example.com', slug: 'fresh' },
          'not an object',
        ],
      },
    });
    await t.deps.bus.settle();
    off();
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(2);
    expect(res.body.created.map((c: any) => c.target)).toEqual(['https://example.com/1', 'https://example.com/4']);
    expect(res.body.created[0]).toEqual({
      id: expect.any(String),
      domain: 'go.linkhop.test',
      slug: expect.stringMatching(/^[A-Za-z0-9]{7}$/),
      target: 'https://example.com/1',
      title: 'one',
    });
    expect(events).toHaveLength(2);
  });

  test('400 for an empty array or more than 100; 402 plan errors reject the request', async () => {
    const b = await t.bootstrap({ plan: 'free' });
    expect((await t.api('POST', path(b, '/bulk'), { key: b.key, body: { links: [] } })).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ target: `https://example.com/${i}` }));
    const res = await t.api('POST', path(b, '/bulk'), { key: b.key, body: { links: tooMany } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/100/);
    expect((await t.api('POST', path(b, '/bulk'), { key: b.key, body: {} })).status).toBe(400);
    const gated = await t.api('POST', path(b, '/bulk'), {
      key: b.key,
      body: { links: [{ target: 'https://example.com/ok' }, { target: 'https://example.com/r', rules: [] }] },
    });
    expect(gated.status).toBe(402);
    expect((await t.api('GET', path(b), { key: b.key })).body.total).toBe(0);
  });

  test('bulk create rate limit: 5 per 10 s per workspace', async () => {
    const b = await t.bootstrap({ plan: 'free' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.api('POST', path(b, '/bulk'), { key: b.key, body: { links: [{ target: `https://example.com/${i}` }] } })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  test("bulk delete: ignores unknown and other workspaces' IDs; counts the removed; audit link.bulk_delete; limits", async () => {
    const b = await t.bootstrap({ plan: 'free' });
    const mine = await Promise.all([1, 2, 3].map((i) => createLink(t, b, { target: `https://example.com/${i}` })));
    const foreign = await createLink(t, ws, { target: 'https://example.com/foreign' });
    await t.deps.bus.settle();
    const events: any[] = [];
    const off = t.deps.bus.on('link.deleted', (e) => void (e.workspaceId === b.workspaceId && events.push(e)));
    const res = await t.api('DELETE', path(b, '/bulk'), { key: b.key, body: { ids: [mine[0]!.id, mine[1]!.id, 'unknown', foreign.id] } });
    await t.deps.bus.settle();
    off();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    expect(events).toHaveLength(2);
    expect((await t.api('GET', path(ws, `/${foreign.id}`), { key: ws.key })).status).toBe(200);
    expect((await t.api('GET', path(b), { key: b.key })).body.total).toBe(1);
    const audit = await t.api('GET', `/workspaces/${b.workspaceId}/audit-log?action=link.bulk_delete`, { key: b.key });
    expect(JSON.parse(audit.body.entries[0].details)).toEqual({ ids: expect.arrayContaining([mine[0]!.id, mine[1]!.id]), count: 2 });
    expect((await t.api('DELETE', path(b, '/bulk'), { key: b.key, body: { ids: [] } })).status).toBe(400);
    expect((await t.api('DELETE', path(b, '/bulk'), { key: b.key, body: { ids: Array.from({ length: 101 }, (_, i) => `x${i}`) } })).status).toBe(400);
  });
});

describe('links on a domain', () => {
  test("the domain's link count comes from links, and domain removal deletes the domain's links", async () => {
    const d = await t.bootstrap({ plan: 'pro' });
    const domain = await addDomain(t, d, 'gone.example.com', true);
    await createLink(t, d, { target: 'https://example.com/1', domain: 'gone.example.com', slug: 'a' });
    await createLink(t, d, { target: 'https://example.com/2', domain: 'gone.example.com', slug: 'b' });
    const keep = await createLink(t, d, { target: 'https://example.com/3' });
    expect((await t.request('/a', { host: 'gone.example.com' })).status).toBe(302);
    const count = await t.api('GET', `/workspaces/${d.workspaceId}/domains/${domain.id}/link-count`, { key: d.key });
    expect(count.body).toEqual({ count: 2 });
    expect((await t.api('DELETE', `/workspaces/${d.workspaceId}/domains/${domain.id}`, { key: d.key })).status).toBe(200);
    const left = await t.api('GET', path(d), { key: d.key });
    expect(left.body.links.map((l: any) => l.id)).toEqual([keep.id]);
    expect((await t.request('/a', { host: 'gone.example.com' })).status).toBe(404);
  });
});

describe('service contracts for other modules', () => {
  test('tagsInUse, removeTagFromLinks, countLinks, getLinksByIds, linksAfter', async () => {
    const { tagsInUse, removeTagFromLinks } = await import('../../modules/links/tags');
    const { countLinks, getLinksByIds, linksAfter } = await import('../../modules/links/queries');
    const s = await t.bootstrap({ plan: 'pro' });
    const a = await createLink(t, s, { target: 'https://example.com/a', tags: ['beta', 'alpha'], monitoring: true });
    const b = await createLink(t, s, { target: 'https://example.com/b', tags: ['beta'] });
    expect(await tagsInUse(t.deps.db, s.workspaceId)).toEqual(['alpha', 'beta']);
    expect((await removeTagFromLinks(t.deps.db, s.workspaceId, 'beta')).length).toBe(2);
    expect(await tagsInUse(t.deps.db, s.workspaceId)).toEqual(['alpha']);
    expect(await countLinks(t.deps.db, s.workspaceId)).toBe(2);
    expect((await getLinksByIds(t.deps.db, s.workspaceId, [a.id, b.id, 'nope'])).map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(await getLinksByIds(t.deps.db, ws.workspaceId, [a.id])).toEqual([]);
    const monitored = await linksAfter(t.deps.db, { monitored: true }, { limit: 1000 });
    expect(monitored).toContainEqual(
      expect.objectContaining({ id: a.id, workspaceId: s.workspaceId, domain: a.domain, slug: a.slug, target: 'https://example.com/a' }),
    );
    expect(monitored.some((m) => m.id === b.id)).toBe(false);
    expect(await linksAfter(t.deps.db, { monitored: true }, { afterId: a.id, limit: 1000 })).not.toContainEqual(expect.objectContaining({ id: a.id }));
    const exported = await linksAfter(t.deps.db, { workspaceId: s.workspaceId }, { limit: 1 });
    expect(exported.map((r) => r.id)).toEqual([a.id, b.id].sort().slice(0, 1));
    expect((await linksAfter(t.deps.db, { workspaceId: s.workspaceId }, { afterId: exported[0]!.id, limit: 10 })).map((r) => r.id)).toEqual(
      [a.id, b.id].sort().slice(1),
    );
  });
});
