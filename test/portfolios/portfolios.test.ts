import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { PLAN_LIMITS } from '../../core/plans';
import { pageCacheKey } from '../../modules/portfolios/service';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { TEST_REDIS_URL } from '../helpers/db';
import { seedClicks } from '../helpers/clicks';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const siteHost = new URL(SITE_URL).host;
const page = (slug: string) => t.request(`/p/${slug}`, { host: siteHost });
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${n++}`;

async function newLink(key: string, wsId: string, body: Record<string, unknown> = {}) {
  const res = await t.api('POST', `/workspaces/${wsId}/links`, { key, body: { target: 'https://example.com/x', ...body } });
  expect(res.status).toBe(201);
  return res.body;
}
async function newPortfolio(key: string, wsId: string, body: Record<string, unknown> = {}) {
  const res = await t.api('POST', `/workspaces/${wsId}/portfolios`, { key, body: { name: 'Launch', slug: uniq('p'), ...body } });
  expect(res.status).toBe(201);
  return res.body;
}

describe('create', () => {
  test('201 with the spec fields, default config and a slug made from the name', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const res = await t.api('POST', `/workspaces/${me.workspaceId}/portfolios`, { key: me.key, body: { name: 'Spring Launch 2026!' } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['config', 'created_at', 'description', 'id', 'name', 'slug']);
    expect(res.body).toMatchObject({ name: 'Spring Launch 2026!', description: null, config: { show_clicks: true, show_trend: false, style: {} } });
    expect(res.body.slug).toMatch(/^spring-launch-2026(-[a-z0-9]{6})?$/);
    // the same name again gets a suffixed slug instead of a conflict
    const again = await t.api('POST', `/workspaces/${me.workspaceId}/portfolios`, { key: me.key, body: { name: 'Spring Launch 2026!' } });
    expect(again.status).toBe(201);
    expect(again.body.slug).not.toBe(res.body.slug);
    expect(again.body.slug).toMatch(/^spring-launch-2026-[a-z0-9]{6}$/);
  });

  test('takes slug, description and config', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const slug = uniq('my_links');
    const config = { show_clicks: false, show_trend: true, style: { bg_color: '#000000', text_color: '#fff', accent_color: '#FFAA00' } };
    const res = await t.api('POST', `/workspaces/${me.workspaceId}/portfolios`, { key: me.key, body: { name: 'Mine', slug, description: 'Hello', config } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ slug, description: 'Hello', config });
  });

  test('400: name missing, blank or over 100; slug invalid or over 50; bad colour; unknown config key', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /name/],
      [{ name: '   ' }, /name is required/],
      [{ name: 'x'.repeat(101) }, /name/],
      [{ name: 'A', slug: 'Upper' }, /slug format/],
      [{ name: 'A', slug: 'has space' }, /slug format/],
      [{ name: 'A', slug: 'dot.ted' }, /slug format/],
      [{ name: 'A', slug: '' }, /slug format/],
      [{ name: 'A', slug: 'a'.repeat(51) }, /at most 50/],
      [{ name: 'A', config: { style: { bg_color: 'red' } } }, /bg_color/],
      [{ name: 'A', config: { style: { accent_color: '#12345' } } }, /accent_color/],
      [{ name: 'A', config: { style: { text_color: '#ffffff;background:url(x)' } } }, /text_color/],
      [{ name: 'A', config: { show_clicks: 'yes' } }, /show_clicks/],
    ];
    for (const [body, message] of cases) {
      const res = await t.api('POST', `/workspaces/${me.workspaceId}/portfolios`, { key: me.key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await t.api('POST', `/workspaces/${me.workspaceId}/portfolios`, { key: me.key, body: { name: 'A', slug: 'a'.repeat(50) } })).status).toBe(201);
    // unknown config keys are dropped, never stored
    const extra = await t.api('POST', `/workspaces/${me.workspaceId}/portfolios`, {
      key: me.key,
      body: { name: 'B', config: { script: '<x>', style: { font: 'x' } } },
    });
    expect(extra.body.config).toEqual({ show_clicks: true, show_trend: false, style: {} });
  });

  test('409 when the slug exists, in any workspace (it is the public address)', async () => {
    const a = await t.bootstrap({ plan: 'pro' });
    const b = await t.bootstrap({ plan: 'pro' });
    const slug = uniq('taken');
    await newPortfolio(a.key, a.workspaceId, { slug });
    for (const who of [a, b]) {
      const res = await t.api('POST', `/workspaces/${who.workspaceId}/portfolios`, { key: who.key, body: { name: 'Other', slug } });
      expect(res.status).toBe(409);
      expect(res.body.error).toContain(slug);
    }
  });

  test('402 on the free plan and when the plan’s portfolio count is reached', async () => {
    const free = await t.bootstrap({ plan: 'free' });
    const res = await t.api('POST', `/workspaces/${free.workspaceId}/portfolios`, { key: free.key, body: { name: 'Nope' } });
    expect(res.status).toBe(402);
    expect(res.body.error).toContain('portfolios');
    expect((await t.api('GET', `/workspaces/${free.workspaceId}/portfolios`, { key: free.key })).status).toBe(402);

    const pro = await t.bootstrap({ plan: 'pro' });
    for (let i = 0; i < PLAN_LIMITS.portfolios.pro; i++) await newPortfolio(pro.key, pro.workspaceId);
    const over = await t.api('POST', `/workspaces/${pro.workspaceId}/portfolios`, { key: pro.key, body: { name: 'One too many' } });
    expect(over.status).toBe(402);
    expect(over.body.error).toMatch(/limit/i);
    // deleting one frees a place
    const list = await t.api('GET', `/workspaces/${pro.workspaceId}/portfolios`, { key: pro.key });
    await t.api('DELETE', `/workspaces/${pro.workspaceId}/portfolios/${list.body.portfolios[0].id}`, { key: pro.key });
    expect((await t.api('POST', `/workspaces/${pro.workspaceId}/portfolios`, { key: pro.key, body: { name: 'Fits again' } })).status).toBe(201);
  });

  test('concurrent creates never exceed the plan’s count', async () => {
    const pro = await t.bootstrap({ plan: 'pro' });
    const results = await Promise.all(
      Array.from({ length: PLAN_LIMITS.portfolios.pro + 2 }, (_, i) =>
        t.api('POST', `/workspaces/${pro.workspaceId}/portfolios`, { key: pro.key, body: { name: `Race ${i}` } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(PLAN_LIMITS.portfolios.pro);
    expect(results.filter((r) => r.status === 402)).toHaveLength(2);
  });
});

describe('roles and access', () => {
  test('401 without a key; viewer reads; editor creates, patches and edits links; only admin deletes', async () => {
    const owner = await t.bootstrap({ plan: 'team' });
    const ws = owner.workspaceId;
    const viewer = await memberWithKey(t, ws, 'viewer', 'team');
    const editor = await memberWithKey(t, ws, 'editor', 'team');
    const admin = await memberWithKey(t, ws, 'admin', 'team');
    const link = await newLink(owner.key, ws);

    expect((await t.api('GET', `/workspaces/${ws}/portfolios`)).status).toBe(401);
    expect((await t.api('POST', `/workspaces/${ws}/portfolios`, { body: { name: 'x' } })).status).toBe(401);

    const denied = await t.api('POST', `/workspaces/${ws}/portfolios`, { key: viewer.key, body: { name: 'V' } });
    expect(denied.status).toBe(403);
    const p = await newPortfolio(editor.key, ws);
    expect((await t.api('GET', `/workspaces/${ws}/portfolios`, { key: viewer.key })).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${ws}/portfolios/${p.id}`, { key: viewer.key })).status).toBe(200);
    expect((await t.api('PATCH', `/workspaces/${ws}/portfolios/${p.id}`, { key: viewer.key, body: { name: 'v' } })).status).toBe(403);
    expect((await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: viewer.key, body: { link_ids: [link.id] } })).status).toBe(403);
    expect((await t.api('PATCH', `/workspaces/${ws}/portfolios/${p.id}`, { key: editor.key, body: { name: 'e' } })).status).toBe(200);
    expect((await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: editor.key, body: { link_ids: [link.id] } })).body).toEqual({ added: 1 });
    expect((await t.api('DELETE', `/workspaces/${ws}/portfolios/${p.id}/links/${link.id}`, { key: viewer.key })).status).toBe(403);
    expect((await t.api('DELETE', `/workspaces/${ws}/portfolios/${p.id}/links/${link.id}`, { key: editor.key })).status).toBe(200);
    expect((await t.api('DELETE', `/workspaces/${ws}/portfolios/${p.id}`, { key: editor.key })).status).toBe(403);
    expect((await t.api('DELETE', `/workspaces/${ws}/portfolios/${p.id}`, { key: admin.key })).status).toBe(200);
  });

  test('404 for unknown portfolios and for another workspace’s', async () => {
    const a = await t.bootstrap({ plan: 'pro' });
    const b = await t.bootstrap({ plan: 'pro' });
    const theirs = await newPortfolio(b.key, b.workspaceId);
    const link = await newLink(a.key, a.workspaceId);
    for (const id of ['no-such-id', theirs.id]) {
      const paths: [string, string, unknown?][] = [
        ['GET', `/workspaces/${a.workspaceId}/portfolios/${id}`],
        ['PATCH', `/workspaces/${a.workspaceId}/portfolios/${id}`, { name: 'x' }],
        ['DELETE', `/workspaces/${a.workspaceId}/portfolios/${id}`],
        ['POST', `/workspaces/${a.workspaceId}/portfolios/${id}/links`, { link_ids: [link.id] }],
        ['DELETE', `/workspaces/${a.workspaceId}/portfolios/${id}/links/${link.id}`],
      ];
      for (const [method, path, body] of paths) {
        const res = await t.api(method, path, { key: a.key, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error).toBe('Portfolio not found');
      }
    }
    // still there for its owner
    expect((await t.api('GET', `/workspaces/${b.workspaceId}/portfolios/${theirs.id}`, { key: b.key })).body.name).toBe('Launch');
  });
});

describe('read and update', () => {
  test('list (without links) and get (with links in sort order, short URLs, click counts and the trend’s clicks)', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const ws = me.workspaceId;
    const p = await newPortfolio(me.key, ws, { description: 'About' });
    const l1 = await newLink(me.key, ws, { title: 'First', note: 'secret note' });
    const l2 = await newLink(me.key, ws, { title: null, target: 'https://example.org/two' });
    // one click older than the trend window: in click_count, not in trend_clicks
    await seedClicks(t, l2, [{}, {}, {}, { at: new Date(Date.now() - 10 * 86_400_000) }]);
    await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [l2.id, l1.id] } });

    const list = await t.api('GET', `/workspaces/${ws}/portfolios`, { key: me.key });
    expect(list.status).toBe(200);
    expect(list.body.portfolios).toHaveLength(1);
    expect(Object.keys(list.body.portfolios[0]).sort()).toEqual([
      'avatar_url',
      'config',
      'created_at',
      'created_by',
      'description',
      'id',
      'name',
      'slug',
      'updated_at',
      'workspace_id',
    ]);
    expect(list.body.portfolios[0]).toMatchObject({ id: p.id, workspace_id: ws, created_by: me.userId, description: 'About' });

    const got = await t.api('GET', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key });
    expect(got.status).toBe(200);
    expect(got.body.links).toEqual([
      {
        id: l2.id,
        domain: l2.domain,
        slug: l2.slug,
        short_url: l2.short_url,
        target: 'https://example.org/two',
        title: null,
        click_count: 4,
        trend_clicks: 3,
        sort_order: 0,
      },
      {
        id: l1.id,
        domain: l1.domain,
        slug: l1.slug,
        short_url: l1.short_url,
        target: 'https://example.com/x',
        title: 'First',
        click_count: 0,
        trend_clicks: 0,
        sort_order: 1,
      },
    ]);
  });

  test('PATCH: 400 without updates, validates fields, merges config', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const ws = me.workspaceId;
    const p = await newPortfolio(me.key, ws, { config: { show_clicks: false, style: { bg_color: '#111111' } } });
    const url = `/workspaces/${ws}/portfolios/${p.id}`;
    const none = await t.api('PATCH', url, { key: me.key, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('No updates given');
    for (const body of [{ name: '' }, { name: 'x'.repeat(101) }, { config: { style: { bg_color: '#zzzzzz' } } }, { slug: 'new-slug' }]) {
      expect((await t.api('PATCH', url, { key: me.key, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.api('PATCH', url, { key: me.key, body: { name: ' Renamed ', description: 'Now described', config: { show_trend: true } } })).body).toEqual({
      ok: true,
    });
    let got = (await t.api('GET', url, { key: me.key })).body;
    expect(got).toMatchObject({
      name: 'Renamed',
      description: 'Now described',
      slug: p.slug,
      config: { show_clicks: false, show_trend: true, style: { bg_color: '#111111' } },
    });
    expect(Date.parse(got.updated_at)).toBeGreaterThanOrEqual(Date.parse(got.created_at));
    await t.api('PATCH', url, { key: me.key, body: { description: null, config: { style: { accent_color: '#00ff00' } } } });
    got = (await t.api('GET', url, { key: me.key })).body;
    expect(got.description).toBeNull();
    expect(got.config).toEqual({ show_clicks: false, show_trend: true, style: { accent_color: '#00ff00' } });
  });
});

describe('links of a portfolio', () => {
  test('add skips other workspaces’ links, unknown ids, repeats and links already present', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const other = await t.bootstrap({ plan: 'pro' });
    const ws = me.workspaceId;
    const p = await newPortfolio(me.key, ws);
    const [a, b, c] = [await newLink(me.key, ws), await newLink(me.key, ws), await newLink(me.key, ws)];
    const foreign = await newLink(other.key, other.workspaceId);
    const url = `/workspaces/${ws}/portfolios/${p.id}/links`;
    let res = await t.api('POST', url, { key: me.key, body: { link_ids: [a.id, foreign.id, a.id, 'missing', b.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 2 });
    res = await t.api('POST', url, { key: me.key, body: { link_ids: [b.id, c.id] } });
    expect(res.body).toEqual({ added: 1 });
    res = await t.api('POST', url, { key: me.key, body: { link_ids: [foreign.id] } });
    expect(res.body).toEqual({ added: 0 });
    const got = await t.api('GET', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key });
    expect(got.body.links.map((l: any) => l.id)).toEqual([a.id, b.id, c.id]);
    const orders = got.body.links.map((l: any) => l.sort_order);
    expect([...orders].sort((x: number, y: number) => x - y)).toEqual(orders);
  });

  test('add: 400 for missing, empty or more than 50 link_ids', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const p = await newPortfolio(me.key, me.workspaceId);
    const url = `/workspaces/${me.workspaceId}/portfolios/${p.id}/links`;
    for (const body of [{}, { link_ids: [] }, { link_ids: Array.from({ length: 51 }, (_, i) => `id-${i}`) }, { link_ids: 'abc' }]) {
      const res = await t.api('POST', url, { key: me.key, body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.error).toMatch(/link_ids/);
    }
    expect((await t.api('POST', url, { key: me.key, body: { link_ids: Array.from({ length: 50 }, (_, i) => `id-${i}`) } })).body).toEqual({ added: 0 });
  });

  test('remove keeps the link; 404 when the link is not in the portfolio; deleting the portfolio keeps its links', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const ws = me.workspaceId;
    const p = await newPortfolio(me.key, ws);
    const [a, b] = [await newLink(me.key, ws), await newLink(me.key, ws)];
    await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [a.id, b.id] } });
    expect((await t.api('DELETE', `/workspaces/${ws}/portfolios/${p.id}/links/${a.id}`, { key: me.key })).body).toEqual({ ok: true });
    expect((await t.api('GET', `/workspaces/${ws}/links/${a.id}`, { key: me.key })).status).toBe(200);
    const again = await t.api('DELETE', `/workspaces/${ws}/portfolios/${p.id}/links/${a.id}`, { key: me.key });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Link is not in this portfolio');
    expect((await t.api('GET', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key })).body.links.map((l: any) => l.id)).toEqual([b.id]);

    expect((await t.api('DELETE', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key })).body).toEqual({ ok: true });
    expect((await t.api('GET', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key })).status).toBe(404);
    expect((await t.api('GET', `/workspaces/${ws}/links/${b.id}`, { key: me.key })).status).toBe(200);
  });

  test('a deleted link leaves the portfolio', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const ws = me.workspaceId;
    const p = await newPortfolio(me.key, ws);
    const [a, b] = [await newLink(me.key, ws), await newLink(me.key, ws)];
    await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [a.id, b.id] } });
    expect((await t.api('DELETE', `/workspaces/${ws}/links/${a.id}`, { key: me.key })).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key })).body.links.map((l: any) => l.id)).toEqual([b.id]);
  });
});

describe('public page {site_url}/p/{slug}', () => {
  test('accessible HTML of the links in sort order, with click counts and colours, no auth, cache header', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const ws = me.workspaceId;
    const p = await newPortfolio(me.key, ws, {
      name: 'Our picks',
      description: 'Hand-picked',
      config: { style: { bg_color: '#102030', text_color: '#fefefe', accent_color: '#ffcc00' } },
    });
    const first = await newLink(me.key, ws, { title: 'Docs', note: 'INTERNAL-NOTE-123' });
    const second = await newLink(me.key, ws, { title: null });
    await seedClicks(t, first, [{}, {}]);
    await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [second.id, first.id] } });

    const res = await page(p.slug);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const html = await res.text();
    expect(html).toStartWith('<!doctype html>');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Our picks</title>');
    expect(html).toContain('<h1>Our picks</h1>');
    expect(html).toContain('<p class="bio">Hand-picked</p>');
    const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]!);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain(`<a href="${second.short_url}">${second.short_url.replace(/^https?:\/\//, '')}</a>`);
    expect(items[0]).toContain('0 clicks');
    expect(items[1]).toContain(`<a href="${first.short_url}">Docs</a>`);
    expect(items[1]).toContain('2 clicks');
    for (const colour of ['#102030', '#fefefe', '#ffcc00']) expect(html).toContain(colour);
    expect(html).not.toContain('INTERNAL-NOTE-123');
    expect(html).not.toContain(first.id);
    expect(html).not.toContain(ws);
    expect(html).not.toContain('example.com/x'); // targets are not shown, only short URLs
  });

  test('show_clicks false hides counts; show_trend shows the last 7 days', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const ws = me.workspaceId;
    const p = await newPortfolio(me.key, ws, { config: { show_clicks: false, show_trend: true } });
    const link = await newLink(me.key, ws, { title: 'Trendy' });
    await seedClicks(t, link, [{}, { at: new Date(Date.now() - 86_400_000) }, { at: new Date(Date.now() - 10 * 86_400_000) }]);
    await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [link.id] } });
    const html = await (await page(p.slug)).text();
    expect(html).toContain('2 clicks in the last 7 days');
    expect(html).not.toContain('3 clicks');
  });

  test('every user string is escaped', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const ws = me.workspaceId;
    const evil = '<script>alert(1)</script>';
    const p = await newPortfolio(me.key, ws, { name: `${evil}"'&`, description: `<img src=x onerror=alert(2)>` });
    const link = await newLink(me.key, ws, { title: evil });
    await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [link.id] } });
    const html = await (await page(p.slug)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain(`<title>&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;</title>`);
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
  });

  test('404 page for unknown or malformed slugs; /p is only served on the site host', async () => {
    const unknown = await page('no-such-portfolio');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await unknown.text()).toContain('<h1>Portfolio not found</h1>');
    expect((await page('Bad%20Slug')).status).toBe(404);

    const me = await t.bootstrap({ plan: 'pro' });
    const p = await newPortfolio(me.key, me.workspaceId);
    expect((await page(p.slug)).status).toBe(200);
    expect((await t.request(`/p/${p.slug}`)).status).toBe(404); // default short domain
  });

  test('a page cached as "not found" appears once the portfolio is created', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const slug = uniq('later');
    expect((await page(slug)).status).toBe(404);
    await newPortfolio(me.key, me.workspaceId, { slug });
    expect((await page(slug)).status).toBe(200);
  });

  test('server cache: a link change stays hidden until a portfolio write invalidates; PATCH, link changes and DELETE invalidate', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const ws = me.workspaceId;
    const p = await newPortfolio(me.key, ws, { name: 'Before' });
    const link = await newLink(me.key, ws, { title: 'Old title' });
    await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [link.id] } });
    expect(await (await page(p.slug)).text()).toContain('Old title');

    // the link's own change is not a portfolio write: the cached page stays (up to 5 minutes)
    expect((await t.api('PATCH', `/workspaces/${ws}/links/${link.id}`, { key: me.key, body: { title: 'New title' } })).status).toBe(200);
    let html = await (await page(p.slug)).text();
    expect(html).toContain('Old title');
    expect(html).not.toContain('New title');

    await t.api('PATCH', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key, body: { name: 'After' } });
    html = await (await page(p.slug)).text();
    expect(html).toContain('<h1>After</h1>');
    expect(html).toContain('New title');

    const extra = await newLink(me.key, ws, { title: 'Extra link' });
    await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [extra.id] } });
    expect(await (await page(p.slug)).text()).toContain('Extra link');
    await t.api('DELETE', `/workspaces/${ws}/portfolios/${p.id}/links/${extra.id}`, { key: me.key });
    expect(await (await page(p.slug)).text()).not.toContain('Extra link');

    await t.api('DELETE', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key });
    expect((await page(p.slug)).status).toBe(404);
  });

  test.skipIf(!TEST_REDIS_URL)('the server-side entry lives 5 minutes in the shared cache (needs TEST_REDIS_URL)', async () => {
    const me = await t.bootstrap({ plan: 'pro' });
    const p = await newPortfolio(me.key, me.workspaceId);
    await page(p.slug);
    const ttl = await t.deps.redis!.pttl(`${t.config.redisPrefix}:c:${pageCacheKey(p.slug)}`);
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
  });
});
