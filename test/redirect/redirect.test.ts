import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { addDomain, BROWSER_UA, createLink, type Ws } from '../links/fixtures';
import { links } from '../../modules/links/schema';
import { appendUtm } from '../../modules/redirect/service';

let t: TestApp;
let ws: Ws;
beforeAll(async () => {
  t = await startTestApp();
  ws = await t.bootstrap({ plan: 'pro' });
  await addDomain(t, ws, 'verified.example.com', true);
  await addDomain(t, ws, 'pending.example.com', false);
});
afterAll(() => t.close());

const visit = (slug: string, init: RequestInit & { host?: string } = {}) =>
  t.request(`/${slug}`, { ...init, headers: { 'user-agent': BROWSER_UA, ...(init.headers as Record<string, string>) } });
const expire = (id: string) =>
  t.deps.db
    .update(links)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(links.id, id));

describe('statuses', () => {
  test('302 by default, 301 when redirect_type is 301; HEAD answers the same', async () => {
    const temporary = await createLink(t, ws, { target: 'https://example.com/302' });
    const permanent = await createLink(t, ws, { target: 'https://example.com/301', redirect_type: 301 });
    const a = await visit(temporary.slug);
    expect(a.status).toBe(302);
    expect(a.headers.get('location')).toBe('https://example.com/302');
    const b = await visit(permanent.slug);
    expect(b.status).toBe(301);
    expect(b.headers.get('location')).toBe('https://example.com/301');
    const head = await visit(temporary.slug, { method: 'HEAD' });
    expect(head.status).toBe(302);
    expect(head.headers.get('location')).toBe('https://example.com/302');
  });

  test('unknown and deleted links are 404 pages', async () => {
    const unknown = await visit('doesNotExist');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
    const link = await createLink(t, ws, { target: 'https://example.com/del' });
    expect((await visit(link.slug)).status).toBe(302);
    await t.api('DELETE', `/workspaces/${ws.workspaceId}/links/${link.id}`, { key: ws.key });
    expect((await visit(link.slug)).status).toBe(404);
  });

  test('expired: 410 page; fallback_url; else the workspace expired_page_url', async () => {
    const plain = await createLink(t, ws, { target: 'https://example.com/old', expires_at: new Date(Date.now() + 60_000).toISOString() });
    expect((await visit(plain.slug)).status).toBe(302);
    const withFallback = await createLink(t, ws, { target: 'https://example.com/old', fallback_url: 'https://example.com/fallback' });
    await Promise.all([expire(plain.id), expire(withFallback.id)]);
    // the PATCH path invalidates; a direct DB change needs the cache dropped
    await t.deps.cache.invalidate(`link:${plain.domain}/${plain.slug}`, `link:${withFallback.domain}/${withFallback.slug}`);
    const gone = await visit(plain.slug);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('expired');
    const fb = await visit(withFallback.slug);
    expect(fb.status).toBe(302);
    expect(fb.headers.get('location')).toBe('https://example.com/fallback');

    expect(
      (await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { expired_page_url: 'https://example.com/expired-page' } })).status,
    ).toBe(200);
    const workspaceFallback = await visit(plain.slug);
    expect(workspaceFallback.status).toBe(302);
    expect(workspaceFallback.headers.get('location')).toBe('https://example.com/expired-page');
    await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { expired_page_url: null } });
    expect((await visit(plain.slug)).status).toBe(410);
  });

  test('link.expired fires exactly once under 20 concurrent visits', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/once', expires_at: new Date(Date.now() + 400).toISOString() });
    await Bun.sleep(500);
    const fired: any[] = [];
    const off = t.deps.bus.on('link.expired', (e) => void (e.data.id === link.id && fired.push(e)));
    const statuses = await Promise.all(Array.from({ length: 20 }, () => visit(link.slug).then((r) => r.status)));
    expect(statuses.every((s) => s === 410)).toBe(true);
    // the claim is an UPDATE that the visits do not wait for: give it up to 5 s
    for (let waited = 0; !fired.length && waited < 5000; waited += 50) await Bun.sleep(50);
    for (let i = 0; i < 5; i++) await visit(link.slug);
    await Bun.sleep(300);
    await t.deps.bus.settle();
    off();
    expect(fired).toHaveLength(1);
    expect(fired[0]).toEqual({ workspaceId: ws.workspaceId, data: { id: link.id, domain: link.domain, slug: link.slug, expires_at: expect.any(String) } });
  });
});

describe('UTM', () => {
  test('appended to the target and merged with its query, URL-encoded', async () => {
    const link = await createLink(t, ws, {
      target: 'https://example.com/p?ref=x&utm_source=old#frag',
      utm_params: { source: 'news letter', medium: 'e&mail', campaign: 'été' },
    });
    const res = await visit(link.slug);
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/p');
    expect(location.hash).toBe('#frag');
    expect(Object.fromEntries(location.searchParams)).toEqual({ ref: 'x', utm_source: 'news letter', utm_medium: 'e&mail', utm_campaign: 'été' });
    expect(res.headers.get('location')).toContain('utm_medium=e%26mail');
  });

  test('appendUtm keeps targets it cannot parse', () => {
    expect(appendUtm('https://example.com', { source: 'a' })).toBe('https://example.com/?utm_source=a');
    expect(appendUtm('not a url', { source: 'a' })).toBe('not a url');
  });

  test("the target's own query is kept byte for byte; only the link's UTM keys are replaced", () => {
    expect(appendUtm('https://example.com/s?q=a%20b&ids=1,2&plus=a+b&flag&utm_source=old&utm_term=keep#top', { source: 'news letter', medium: 'mail' })).toBe(
      'https://example.com/s?q=a%20b&ids=1,2&plus=a+b&flag&utm_term=keep&utm_source=news%20letter&utm_medium=mail#top',
    );
    // an encoded name is the same parameter
    expect(appendUtm('https://example.com/?utm%5Fsource=old&x=1', { source: 'new' })).toBe('https://example.com/?x=1&utm_source=new');
    expect(appendUtm('https://example.com/?x=%E2%82%AC', { campaign: 'été' })).toBe('https://example.com/?x=%E2%82%AC&utm_campaign=%C3%A9t%C3%A9');
  });
});

describe('hosts', () => {
  test('verified custom domain serves its links; unverified and unknown hosts serve nothing', async () => {
    const onVerified = await createLink(t, ws, { target: 'https://example.com/v', domain: 'verified.example.com', slug: 'go' });
    const onPending = await createLink(t, ws, { target: 'https://example.com/p', domain: 'pending.example.com', slug: 'go' });
    expect(onVerified.slug).toBe(onPending.slug);
    const served = await visit('go', { host: 'verified.example.com' });
    expect(served.status).toBe(302);
    expect(served.headers.get('location')).toBe('https://example.com/v');
    expect((await visit('go', { host: 'pending.example.com' })).status).toBe(404);
    // nothing else either: HEAD, the password form's POST, the root
    expect((await t.request('/go', { method: 'HEAD', host: 'pending.example.com' })).status).toBe(404);
    const post = await t.request('/go', {
      method: 'POST',
      host: 'pending.example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=x',
    });
    expect(post.status).toBe(404);
    expect(post.headers.get('location')).toBeNull();
    expect((await t.request('/', { host: 'pending.example.com' })).status).toBe(404);
    expect((await visit('go', { host: 'unknown.example.org' })).status).toBe(404);
    // a slug of the default domain is not served on a custom domain
    const plain = await createLink(t, ws, { target: 'https://example.com/d' });
    expect((await visit(plain.slug, { host: 'verified.example.com' })).status).toBe(404);
  });

  test('the site host does not serve short links when it differs from the default domain', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/s' });
    expect((await visit(link.slug, { host: 'linkhop.test' })).status).toBe(404);
    expect((await visit(link.slug)).status).toBe(302);
  });
});

describe('PATCH takes effect on the next visit', () => {
  test('target, redirect type, slug and password changes', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/before' });
    expect((await visit(link.slug)).headers.get('location')).toBe('https://example.com/before');
    await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${link.id}`, { key: ws.key, body: { target: 'https://example.com/after', redirect_type: 301 } });
    const after = await visit(link.slug);
    expect(after.status).toBe(301);
    expect(after.headers.get('location')).toBe('https://example.com/after');
    await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${link.id}`, { key: ws.key, body: { password: 'now-protected' } });
    expect((await visit(link.slug)).status).toBe(200);
    await t.api('PATCH', `/workspaces/${ws.workspaceId}/links/${link.id}`, {
      key: ws.key,
      body: { domain: 'verified.example.com', slug: 'renamed', password: null },
    });
    expect((await visit(link.slug)).status).toBe(404);
    expect((await visit('renamed', { host: 'verified.example.com' })).headers.get('location')).toBe('https://example.com/after');
  });

  test('a link created after a miss is served at once (negative cache dropped)', async () => {
    expect((await visit('later', { host: 'verified.example.com' })).status).toBe(404);
    await createLink(t, ws, { target: 'https://example.com/later', domain: 'verified.example.com', slug: 'later' });
    expect((await visit('later', { host: 'verified.example.com' })).status).toBe(302);
  });
});

describe('social bots and leaks', () => {
  const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
  test('a social bot gets the og_* page, escaped', async () => {
    const link = await createLink(t, ws, {
      target: 'https://example.com/article',
      og_title: 'Big "news" <script>alert(1)</script>',
      og_description: 'A & B',
      og_image: 'https://example.com/i.png?a=1&b=2',
      note: 'TOP-SECRET-NOTE',
    });
    const res = await visit(link.slug, { headers: { 'user-agent': FACEBOOK } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="Big &quot;news&quot; &lt;script&gt;alert(1)&lt;/script&gt;">');
    expect(html).toContain('<meta property="og:description" content="A &amp; B">');
    expect(html).toContain('<meta property="og:image" content="https://example.com/i.png?a=1&amp;b=2">');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('TOP-SECRET-NOTE');
    // people are redirected as usual
    expect((await visit(link.slug)).status).toBe(302);
  });

  test('a social bot without og_* fields is redirected', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/no-og' });
    expect((await visit(link.slug, { headers: { 'user-agent': 'Twitterbot/1.0' } })).status).toBe(302);
  });

  test('note never appears in any redirect answer or page', async () => {
    const note = 'NOTE-7d1f-never-leak';
    const plain = await createLink(t, ws, { target: 'https://example.com/n', note, og_title: 'T' });
    const locked = await createLink(t, ws, { target: 'https://example.com/n', note, password: 'password1' });
    const expired = await createLink(t, ws, { target: 'https://example.com/n', note, expires_at: new Date(Date.now() - 1000).toISOString() });
    const answers = await Promise.all([
      visit(plain.slug),
      visit(plain.slug, { headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } }),
      visit(locked.slug),
      visit(locked.slug, { method: 'POST', body: new URLSearchParams({ password: 'wrong-one' }) }),
      visit(expired.slug),
      visit(plain.slug, { method: 'HEAD' }),
    ]);
    for (const res of answers) {
      const headerLines: string[] = [];
      res.headers.forEach((value, name) => {
        headerLines.push(`${name}: ${value}`);
      });
      const everything = `${headerLines.join('\n')}\n${await res.text()}`;
      expect(everything).not.toContain(note);
    }
  });
});

test('a redirect.resolve stage registered after the first visits runs from then on, and stops when removed', async () => {
  const link = await createLink(t, ws, { target: 'https://example.com/before-stage' });
  expect((await visit(link.slug)).headers.get('location')).toBe('https://example.com/before-stage');
  // a routing stage (before the default at 50), as a plugin set up later would add
  const off = t.deps.bus.on(
    'redirect.resolve',
    (ctx) => {
      if (ctx.link.id !== link.id) return;
      ctx.target = 'https://example.com/late-stage';
      ctx.routed = true;
    },
    { order: 45, source: 'test' },
  );
  expect((await visit(link.slug)).headers.get('location')).toBe('https://example.com/late-stage');
  off();
  expect((await visit(link.slug)).headers.get('location')).toBe('https://example.com/before-stage');
});
