import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';
import { addDomain, createLink, type Ws } from './fixtures';
import { slugSource } from '../../modules/links/slugs';

let t: TestApp;
let pro: Ws;
let free: Ws;
/** a second Pro workspace: creates count against a per-workspace rate limit */
let pro2: Ws;
beforeAll(async () => {
  t = await startTestApp();
  pro = await t.bootstrap({ plan: 'pro' });
  pro2 = await t.bootstrap({ plan: 'pro' });
  await addDomain(t, pro2, 'brand2.example.com');
  free = await t.bootstrap({ plan: 'free' });
  await addDomain(t, pro, 'brand.example.com');
  await addDomain(t, free, 'other-ws.example.net', true);
});
afterAll(() => t.close());

const post = (ws: Ws, body: unknown) => t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body });

describe('create validation errors', () => {
  const target = 'https://example.com/page';
  const cases: [string, Record<string, unknown>, number, RegExp][] = [
    ['missing target', {}, 400, /target/],
    ['target not a URL', { target: 'not a url' }, 400, /Invalid target/],
    ['javascript: target', { target: 'javascript:alert(1)' }, 400, /Invalid target/],
    ['ftp target', { target: 'ftp://example.com/x' }, 400, /Invalid target/],
    ['target on the default short domain', { target: 'http://go.linkhop.test/abc' }, 400, /redirect loop/],
    ['target on a custom short domain', { target: 'https://other-ws.example.net/x' }, 400, /redirect loop/],
    ['slug with bad characters', { target, domain: 'brand.example.com', slug: 'bad slug!' }, 400, /Invalid slug/],
    ['reserved slug', { target, domain: 'brand.example.com', slug: 'api' }, 400, /reserved/],
    ['custom slug on the default domain', { target, slug: 'mine' }, 400, /custom domain/],
    ['domain of another workspace', { target, domain: 'other-ws.example.net' }, 400, /Invalid domain/],
    ['unknown domain', { target, domain: 'nowhere.example.org' }, 400, /Invalid domain/],
    ['expires_at not ISO 8601', { target, expires_at: 'next tuesday' }, 400, /expires_at/],
    ['expires_at impossible date', { target, expires_at: '2026-13-45T00:00:00Z' }, 400, /expires_at/],
    ['fallback_url not http(s)', { target, fallback_url: 'mailto:a@b.c' }, 400, /fallback_url/],
    ['og_image not a URL', { target, og_image: 'image.png' }, 400, /og_image/],
    ['more than 10 tags', { target, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 400, /at most 10/],
    ['tag with upper case', { target, tags: ['Bad'] }, 400, /Invalid tag/],
    ['tag over 32 chars', { target, tags: ['a'.repeat(33)] }, 400, /Invalid tag/],
    ['password shorter than 8', { target, password: 'short' }, 400, /at least 8/],
    ['redirect_type 307', { target, redirect_type: 307 }, 400, /301 or 302/],
    ['utm_params unknown key', { target, utm_params: { source: 'a', evil: 'b' } }, 400, /utm_params/],
    ['ab_variants not an array', { target, ab_variants: { a: 1 } }, 400, /ab_variants/],
    ['rules not an array', { target, rules: 'x' }, 400, /rules/],
  ];
  for (const [name, body, status, message] of cases) {
    test(name, async () => {
      const res = await post(pro, body);
      expect(res.status).toBe(status);
      expect(res.body.error).toMatch(message);
    });
  }

  const gated: [string, Record<string, unknown>, () => Ws][] = [
    ['routing_rules need Team', { routing_rules: { geo: { US: 'https://us.example.com' } } }, () => pro],
    [
      'ab_variants need Team',
      {
        ab_variants: [
          { name: 'a', url: 'https://a.example.com', weight: 50 },
          { name: 'b', url: 'https://b.example.com', weight: 50 },
        ],
      },
      () => pro,
    ],
    ['rules need Pro', { rules: [] }, () => free],
    ['interstitial needs Pro', { interstitial: { title: 'Hi' } }, () => free],
    ['sequence needs Pro', { sequence: { urls: [{ url: 'https://a.example.com' }, { url: 'https://b.example.com' }] } }, () => free],
    ['deep_link needs Pro', { deep_link: { ios_app_url: 'app://x' } }, () => free],
    ['monitoring needs Pro', { monitoring: true }, () => free],
  ];
  for (const [name, fields, ws] of gated) {
    test(`402: ${name}`, async () => {
      const res = await post(ws(), { target, ...fields });
      expect(res.status).toBe(402);
      expect(res.body.error).toMatch(/Plan upgrade required/);
    });
  }
});

describe('create', () => {
  test('generated slug on the default domain, short_url, created_by, defaults', async () => {
    const res = await post(pro2, { target: 'https://example.com/a', title: 'A', note: 'secret note', tags: ['x', 'x', 'y'] });
    expect(res.status).toBe(201);
    const link = res.body;
    expect(link.domain).toBe('go.linkhop.test');
    expect(link.slug).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(link.short_url).toBe(`http://go.linkhop.test/${link.slug}`);
    expect(link.created_by).toBe(pro2.userId);
    expect(link.workspace_id).toBe(pro2.workspaceId);
    expect(link.redirect_type).toBe(302);
    expect(link.has_password).toBe(false);
    expect(link.click_count).toBe(0);
    expect(link.monitoring).toBe(false);
    expect(link.tags).toEqual(['x', 'y']);
    expect(link.note).toBe('secret note');
    expect(link).not.toHaveProperty('password');
    expect(link).not.toHaveProperty('password_hash');
  });

  test('generated slugs: a reserved site path is never one, a taken one is drawn again, 503 when every draw is taken', async () => {
    const random = slugSource.next;
    const withDraws = async (draws: string[], body: Record<string, unknown>) => {
      slugSource.next = () => draws.shift() ?? random();
      try {
        return await post(pro2, body);
      } finally {
        slugSource.next = random;
      }
    };
    const first = await withDraws(['healthz', 'HEALTHZ', 'Taken01'], { target: 'https://example.com/g1' });
    expect(first.status).toBe(201);
    expect(first.body.slug).toBe('Taken01');
    const second = await withDraws(['Taken01', 'Taken01', 'Other02'], { target: 'https://example.com/g2' });
    expect(second.status).toBe(201);
    expect(second.body.slug).toBe('Other02');
    const exhausted = await withDraws(Array(20).fill('Taken01'), { target: 'https://example.com/g3' });
    expect(exhausted.status).toBe(503);
    expect(exhausted.body.error).toMatch(/allocate a slug/);
    const list = await t.api('GET', `/workspaces/${pro2.workspaceId}/links?prefix=Taken01`, { key: pro2.key });
    expect(list.body.total).toBe(1);
  });

  test('custom slug on a custom domain (unverified is fine for creating); duplicate is 409', async () => {
    const first = await post(pro2, { target: 'https://example.com/b', domain: 'BRAND2.example.com', slug: 'Launch_2026' });
    expect(first.status).toBe(201);
    expect(first.body.domain).toBe('brand2.example.com');
    expect(first.body.slug).toBe('Launch_2026');
    expect(first.body.short_url).toBe('https://brand2.example.com/Launch_2026');
    const again = await post(pro2, { target: 'https://example.com/c', domain: 'brand2.example.com', slug: 'Launch_2026' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already exists/);
    // the same slug on another domain is a different short URL
    const auto = await post(pro2, { target: 'https://example.com/d', domain: 'brand2.example.com' });
    expect(auto.status).toBe(201);
    expect(auto.body.slug).toMatch(/^[A-Za-z0-9]{7}$/);
  });

  test('concurrent creates of one custom slug: exactly one wins (unique index)', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(pro2, { target: 'https://example.com/race', domain: 'brand2.example.com', slug: 'race' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  test('password is hashed (argon2id), never returned; has_password', async () => {
    const link = await createLink(t, pro2, { target: 'https://example.com/p', password: 'correct horse' });
    expect(link.has_password).toBe(true);
    expect(JSON.stringify(link)).not.toContain('correct horse');
    const got = await t.api('GET', `/workspaces/${pro2.workspaceId}/links/${link.id}`, { key: pro2.key });
    expect(JSON.stringify(got.body)).not.toContain('argon2');
    const [row] = await t.deps.db
      .execute<{ password_hash: string }>(`select password_hash from links where id = '${link.id}'` as any)
      .then((r: any) => [...(r.rows ?? r)]);
    expect(row.password_hash).toStartWith('$argon2id$');
  });

  test('workspace default_utm_params apply when the link has none', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const patch = await t.api('PATCH', `/workspaces/${ws.workspaceId}`, {
      key: ws.key,
      body: { default_utm_params: { source: 'newsletter', medium: 'email' } },
    });
    expect(patch.status).toBe(200);
    const plain = await createLink(t, ws, { target: 'https://example.com/u' });
    expect(plain.utm_params).toEqual({ source: 'newsletter', medium: 'email' });
    const own = await createLink(t, ws, { target: 'https://example.com/u', utm_params: { source: 'twitter' } });
    expect(own.utm_params).toEqual({ source: 'twitter' });
  });

  test('all optional fields round-trip', async () => {
    const ws = await t.bootstrap({ plan: 'agency' });
    const body = {
      target: 'https://example.com/full',
      title: 'Full',
      tags: ['a-b', 'c_d'],
      note: 'n',
      utm_params: { source: 's', medium: 'm', campaign: 'c', term: 't', content: 'x' },
      expires_at: '2030-01-02T03:04:05Z',
      fallback_url: 'https://example.com/fallback',
      og_title: 'OG',
      og_description: 'Desc',
      og_image: 'https://example.com/og.png',
      redirect_type: 301,
      monitoring: true,
    };
    const link = await createLink(t, ws, body);
    const got = (await t.api('GET', `/workspaces/${ws.workspaceId}/links/${link.id}`, { key: ws.key })).body;
    const { target, title, tags, note, utm_params, fallback_url, og_title, og_description, og_image, redirect_type, monitoring } = got;
    expect({ target, title, tags, note, utm_params, fallback_url, og_title, og_description, og_image, redirect_type, monitoring }).toEqual({
      ...body,
      expires_at: undefined,
    } as any);
    expect(got.expires_at).toBe('2030-01-02T03:04:05.000Z');
  });

  test('events and audit: link.created and link.create', async () => {
    const seen: any[] = [];
    const off = t.deps.bus.on('link.created', (e) => void seen.push(e));
    const link = await createLink(t, pro2, { target: 'https://example.com/evt', title: 'Evt' });
    await t.deps.bus.settle();
    off();
    expect(seen).toContainEqual({
      workspaceId: pro2.workspaceId,
      userId: pro2.userId,
      data: { id: link.id, domain: link.domain, slug: link.slug, target: 'https://example.com/evt', title: 'Evt', short_url: link.short_url },
    });
    const audit = await t.api('GET', `/workspaces/${pro2.workspaceId}/audit-log?action=link.create`, { key: pro2.key });
    expect(audit.body.entries.some((e: any) => JSON.parse(e.details).id === link.id)).toBe(true);
  });

  test('link.beforeCreate runs first and may fill or reject; link.validate sees the input', async () => {
    const ws = await t.bootstrap({ plan: 'pro' });
    const offBefore = t.deps.bus.on('link.beforeCreate', (ctx) => {
      if (ctx.workspaceId !== ws.workspaceId) return;
      if (ctx.link.title === 'reject') throw Object.assign(new (require('../../core/errors').ApiError)(400, 'Governance: title refused'));
      ctx.link.tags ??= ['from-hook'];
    });
    const validated: any[] = [];
    const offValidate = t.deps.bus.on('link.validate', (ctx) => {
      if (ctx.workspaceId === ws.workspaceId) validated.push({ mode: ctx.mode, title: ctx.input.title });
    });
    try {
      const filled = await createLink(t, ws, { target: 'https://example.com/h', title: 'ok' });
      expect(filled.tags).toEqual(['from-hook']);
      const rejected = await post(ws, { target: 'https://example.com/h', title: 'reject' });
      expect(rejected.status).toBe(400);
      expect(rejected.body.error).toBe('Governance: title refused');
      expect(validated).toEqual([{ mode: 'create', title: 'ok' }]);
    } finally {
      offBefore();
      offValidate();
    }
  });

  test('roles: a viewer cannot create (403); no key is 401', async () => {
    const keyRes = await t.api('POST', `/workspaces/${pro2.workspaceId}/api-keys`, { key: pro2.key, body: { role: 'viewer', name: 'v' } });
    const viewer = { ...pro2, key: keyRes.body.key };
    expect((await post(viewer, { target: 'https://example.com' })).status).toBe(403);
    expect((await t.api('POST', `/workspaces/${pro2.workspaceId}/links`, { body: { target: 'https://example.com' } })).status).toBe(401);
  });

  test('rate limit: 30 creates per 10 s per workspace, then 429 with Retry-After', async () => {
    const ws = await t.bootstrap({ plan: 'free' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post(ws, { target: `https://example.com/r${i}` })).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    const last = await post(ws, { target: 'https://example.com/r-last' });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
