import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { PNG } from 'pngjs';
import { contrastRatio, MIN_CONTRAST, pageColours, THEMES } from '../../modules/portfolios/shared';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const siteHost = new URL(SITE_URL).host;
const page = (path: string) => t.request(path, { host: siteHost });
let n = 0;
const uniq = (p: string) => `${p}-${Date.now().toString(36)}-${n++}`;

/** A real PNG of `size`×`size` pixels. */
function png(size = 8, rgb: [number, number, number] = [200, 40, 90]): Uint8Array<ArrayBuffer> {
  const image = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) image.data.set([...rgb, 255], i * 4);
  return Uint8Array.from(PNG.sync.write(image));
}
const GIF = new Uint8Array([
  ...new TextEncoder().encode('GIF89a'),
  1,
  0,
  1,
  0,
  0x80,
  0,
  0,
  0,
  0,
  0,
  0xff,
  0xff,
  0xff,
  0x21,
  0xf9,
  4,
  0,
  0,
  0,
  0,
  0,
  0x2c,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  2,
  2,
  0x44,
  1,
  0,
  0x3b,
]);

async function upload(key: string, ws: string, id: string, body: BodyInit, contentType?: string) {
  const headers: Record<string, string> = { 'x-api-key': key, ...(contentType ? { 'content-type': contentType } : {}) };
  const res = await t.app.handle(new Request(`${SITE_URL}/api/workspaces/${ws}/portfolios/${id}/avatar`, { method: 'PUT', headers, body }));
  return { status: res.status, body: (await res.json()) as any };
}

async function setup(body: Record<string, unknown> = {}) {
  const me = await t.bootstrap({ plan: 'pro' });
  const ws = me.workspaceId;
  const res = await t.api('POST', `/workspaces/${ws}/portfolios`, { key: me.key, body: { name: 'Ada Lovelace', slug: uniq('bio'), ...body } });
  expect(res.status).toBe(201);
  return { me, ws, p: res.body };
}

const metaOf = (html: string, key: string) => html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];

describe('page colours', () => {
  test('contrast ratios as WCAG computes them', () => {
    expect(contrastRatio('#000', '#ffffff')).toBe(21);
    // the well-known near misses: #777 on white 4.48:1 (fails AA), #767676 4.54:1 (passes)
    expect(contrastRatio('#777777', '#fff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(6.7, 1);
  });

  test('every named theme passes WCAG AA for its text and its button text', () => {
    for (const [name, theme] of Object.entries(THEMES)) {
      expect(contrastRatio(theme.text_color, theme.bg_color), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(contrastRatio(theme.button_text_color, theme.button_color), name).toBeGreaterThanOrEqual(MIN_CONTRAST);
      expect(pageColours(theme).fixes, name).toEqual([]);
    }
  });

  test('unreadable text is replaced by black or white, and the fix is reported', () => {
    const colours = pageColours({ bg_color: '#ffffff', text_color: '#eeeeee', button_color: '#000080', button_text_color: '#000033' });
    expect(colours.text).toBe('#000000');
    expect(colours.buttonText).toBe('#ffffff');
    expect(colours.fixes.map((f) => f.key)).toEqual(['text_color', 'button_text_color']);
    // unset colours follow: dark background → white text, yellow buttons → black text, and nothing to report
    const dark = pageColours({ bg_color: '#000', accent_color: '#ffcc00' });
    expect(dark).toEqual({ bg: '#000000', text: '#ffffff', button: '#ffcc00', buttonText: '#000000', fixes: [] });
  });
});

describe('avatar', () => {
  test('PUT a PNG: served on the site host with its type, cached for good under its version; the page and its og:image show it', async () => {
    const { me, ws, p } = await setup({ description: 'First programmer' });
    const image = png();
    const put = await upload(me.key, ws, p.id, image, 'image/png');
    expect(put.status).toBe(200);
    expect(put.body.avatar_url).toMatch(new RegExp(`^${SITE_URL}/p/${p.slug}/avatar\\?v=[a-z0-9]{10}$`));
    const got = await t.api('GET', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key });
    expect(got.body.avatar_url).toBe(put.body.avatar_url);

    const url = new URL(put.body.avatar_url);
    const served = await page(url.pathname + url.search);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);
    // another version (an old URL) is not cached for good
    expect((await page(`/p/${p.slug}/avatar?v=old`)).headers.get('cache-control')).toBe('public, max-age=300');
    // only the site host serves it
    expect((await t.request(url.pathname + url.search)).status).toBe(404);

    const html = await (await page(`/p/${p.slug}`)).text();
    expect(html).toContain(`<img class="avatar" src="${put.body.avatar_url.replaceAll('&', '&amp;')}" alt="" width="96" height="96">`);
    expect(metaOf(html, 'og:image')).toBe(put.body.avatar_url);
    expect(metaOf(html, 'twitter:image')).toBe(put.body.avatar_url);

    // a new upload (multipart this time) gets a new URL; the page follows at once
    const form = new FormData();
    form.append('avatar', new File([GIF], 'me.gif', { type: 'image/gif' }));
    const again = await upload(me.key, ws, p.id, form);
    expect(again.status).toBe(200);
    expect(again.body.avatar_url).not.toBe(put.body.avatar_url);
    const newer = new URL(again.body.avatar_url);
    expect((await page(newer.pathname + newer.search)).headers.get('content-type')).toBe('image/gif');
    expect(metaOf(await (await page(`/p/${p.slug}`)).text(), 'og:image')).toBe(again.body.avatar_url);

    // removed: the initials instead, no og:image, the image 404
    expect((await t.api('DELETE', `/workspaces/${ws}/portfolios/${p.id}/avatar`, { key: me.key })).status).toBe(200);
    const plain = await (await page(`/p/${p.slug}`)).text();
    expect(plain).toContain('<div class="avatar initials" aria-hidden="true">AL</div>');
    expect(plain).not.toContain('<img');
    expect(metaOf(plain, 'og:image')).toBeUndefined();
    expect((await page(newer.pathname)).status).toBe(404);
    expect((await t.api('GET', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key })).body.avatar_url).toBeNull();
  });

  test('refused: SVG, HTML dressed as PNG, an oversize image, an empty body; nothing is stored', async () => {
    const { me, ws, p } = await setup();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const cases: [BodyInit, string | undefined, number, string, RegExp][] = [
      [svg, 'image/svg+xml', 415, 'unsupported_media_type', /PNG, JPEG, WebP or GIF/],
      ['<html><script>alert(1)</script></html>', 'image/png', 415, 'unsupported_media_type', /PNG, JPEG, WebP or GIF/],
      [
        new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x25, 0xe2, 0xe3]),
        'image/png',
        415,
        'unsupported_media_type',
        /application\/pdf/,
      ],
      [new Uint8Array([...png(), ...new Uint8Array(600 * 1024)]), 'image/png', 413, 'too_large', /at most 512 kB/],
      [new Uint8Array(), 'image/png', 400, 'required', /avatar is required/],
      [new FormData(), undefined, 400, 'required', /avatar is required/],
    ];
    for (const [body, type, status, code, message] of cases) {
      const res = await upload(me.key, ws, p.id, body, type);
      expect(res.status, `${type} ${message}`).toBe(status);
      expect(res.body).toEqual({ error: expect.stringMatching(message), code, field: 'avatar' });
    }
    expect((await t.api('GET', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key })).body.avatar_url).toBeNull();
    expect((await page(`/p/${p.slug}/avatar`)).status).toBe(404);
  });

  test("another workspace's portfolio 404; a viewer 403; no key 401; the owner's avatar untouched", async () => {
    const { me, ws, p } = await setup();
    const mine = await upload(me.key, ws, p.id, png(4, [0, 0, 0]), 'image/png');
    expect(mine.status).toBe(200);
    const other = await t.bootstrap({ plan: 'pro' });
    // the other workspace's key, with its own workspace in the path, and with ours
    expect((await upload(other.key, other.workspaceId, p.id, png(), 'image/png')).status).toBe(404);
    expect((await upload(other.key, ws, p.id, png(), 'image/png')).status).toBe(404);
    expect((await t.api('DELETE', `/workspaces/${other.workspaceId}/portfolios/${p.id}/avatar`, { key: other.key })).status).toBe(404);
    const viewer = await memberWithKey(t, ws, 'viewer', 'pro');
    const refused = await upload(viewer.key, ws, p.id, png(), 'image/png');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    const res = await t.app.handle(new Request(`${SITE_URL}/api/workspaces/${ws}/portfolios/${p.id}/avatar`, { method: 'PUT', body: png() }));
    expect(res.status).toBe(401);
    expect((await t.api('GET', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key })).body.avatar_url).toBe(mine.body.avatar_url);
  });
});

describe('the public page', () => {
  test('Open Graph and Twitter tags, canonical URL, no script; the CSP allows only its own images', async () => {
    const { me, ws, p } = await setup({ description: 'Notes on the Analytical Engine' });
    const link = (await t.api('POST', `/workspaces/${ws}/links`, { key: me.key, body: { target: 'https://example.com/a', title: 'Notes' } })).body;
    await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [link.id] } });
    const res = await page(`/p/${p.slug}`);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    const html = await res.text();
    const url = `${SITE_URL}/p/${p.slug}`;
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(metaOf(html, 'og:title')).toBe('Ada Lovelace');
    expect(metaOf(html, 'og:description')).toBe('Notes on the Analytical Engine');
    expect(metaOf(html, 'description')).toBe('Notes on the Analytical Engine');
    expect(metaOf(html, 'og:url')).toBe(url);
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    expect(metaOf(html, 'og:image')).toBeUndefined();
    expect(html).not.toMatch(/<script|\son\w+=/i);
    // the link is a button: the whole card is its tap target
    expect(html).toContain(`<li><a href="${link.short_url}">Notes</a>`);
  });

  test('without a bio the description counts the links; a long bio is clipped for previews', async () => {
    const { me, ws, p } = await setup();
    expect(metaOf(await (await page(`/p/${p.slug}`)).text(), 'og:description')).toBe('0 links from Ada Lovelace');
    await t.api('PATCH', `/workspaces/${ws}/portfolios/${p.id}`, { key: me.key, body: { description: 'word '.repeat(100) } });
    const description = metaOf(await (await page(`/p/${p.slug}`)).text(), 'og:description')!;
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description).toEndWith('…');
  });

  test('scripts in the name, bio and link titles stay text, in the body and in every meta tag', async () => {
    const attack = `"><script>alert(1)</script><img src=x onerror=alert(2)>'`;
    const { me, ws, p } = await setup({ name: `${attack}Name`, description: `${attack}Bio` });
    const link = (await t.api('POST', `/workspaces/${ws}/links`, { key: me.key, body: { target: 'https://example.com/a', title: `${attack}Title` } })).body;
    await t.api('POST', `/workspaces/${ws}/portfolios/${p.id}/links`, { key: me.key, body: { link_ids: [link.id] } });
    await upload(me.key, ws, p.id, png(), 'image/png');
    const html = await (await page(`/p/${p.slug}`)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(metaOf(html, 'og:title')).toBe(Bun.escapeHTML(`${attack}Name`));
    expect(metaOf(html, 'og:description')).toBe(Bun.escapeHTML(`${attack}Bio`));
    expect(metaOf(html, 'og:image:alt')).toBe(Bun.escapeHTML(`${attack}Name`));
    expect(html).toContain(`<h1>${Bun.escapeHTML(`${attack}Name`)}</h1>`);
  });

  test('button colours: 400 for a bad hex, stored when good; unreadable button text is drawn black or white', async () => {
    const { me, ws, p } = await setup();
    const url = `/workspaces/${ws}/portfolios/${p.id}`;
    for (const style of [{ button_color: 'blue' }, { button_text_color: '#12345' }, { button_color: '#fff;}body{display:none' }]) {
      const res = await t.api('PATCH', url, { key: me.key, body: { config: { style } } });
      expect(res.status, JSON.stringify(style)).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid', field: `config.style.${Object.keys(style)[0]}` });
    }
    const style = { bg_color: '#fafafa', button_color: '#ffff00', button_text_color: '#eeee00' };
    expect((await t.api('PATCH', url, { key: me.key, body: { config: { style } } })).status).toBe(200);
    expect((await t.api('GET', url, { key: me.key })).body.config.style).toEqual(style);
    const html = await (await page(`/p/${p.slug}`)).text();
    expect(html).toContain('background:#ffff00;color:#000000');
    expect(html).not.toContain('#eeee00');
  });
});
