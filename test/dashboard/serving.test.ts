import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { checkSlug } from '../../modules/links/checks';
import { SITE_URL, startTestApp, type TestApp } from '../helpers/app';

/** How /app is served: the shell, its hashed assets, its headers, and never on a short domain. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t.close();
});

const site = (path: string, headers: Record<string, string> = {}) => t.request(path, { host: new URL(SITE_URL).host, headers });
const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/app\/assets\/[^"]+)"/g)].map((m) => m[1]!);

describe('the shell', () => {
  for (const path of ['/app', '/app/', '/app/sign-in', '/app/invite', '/app/w/some-id', '/app/w/some-id/links/other-id/analytics']) {
    test(`${path}: the HTML shell, no-cache, the exact CSP`, async () => {
      const res = await site(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const html = await res.text();
      expect(html).toContain('<div id="app"></div>');
    });
  }

  test('nothing inline: every script and stylesheet is a file of ours', async () => {
    const html = await (await site('/app')).text();
    expect(html).not.toMatch(/<style|style=|<script(?![^>]*\ssrc=)/);
    const assets = assetsOf(html);
    expect(assets.filter((a) => a.endsWith('.js'))).toHaveLength(1);
    expect(assets.filter((a) => a.endsWith('.css'))).toHaveLength(1);
  });
});

describe('assets', () => {
  test('fingerprinted, immutable for a year, with their type, gzipped for browsers; the first load is under 150 KB gzipped', async () => {
    const html = await (await site('/app')).text();
    let gzipped = 0;
    for (const path of assetsOf(html)) {
      expect(path).toMatch(/^\/app\/assets\/main-[a-z0-9]{8}\.(js|css)$/);
      const res = await site(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toStartWith(path.endsWith('.js') ? 'text/javascript' : 'text/css');
      const body = new Uint8Array(await res.arrayBuffer());
      // what a browser downloads: the gzipped copy, the same bytes once unpacked
      const packed = await site(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(packed.headers.get('content-encoding')).toBe('gzip');
      expect(packed.headers.get('vary')).toBe('accept-encoding');
      const download = new Uint8Array(await packed.arrayBuffer());
      expect(Bun.gunzipSync(download)).toEqual(body);
      gzipped += download.byteLength;
      if (path.endsWith('.css')) expect(new TextDecoder().decode(body)).toContain('.uplot'); // uPlot's stylesheet, served as a file
    }
    expect(gzipped).toBeLessThan(150 * 1024);
  });

  test('an unknown asset is a 404, not the shell', async () => {
    const res = await site('/app/assets/main-00000000.js');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});

describe('site host only', () => {
  for (const path of ['/app', '/app/sign-in', '/app/assets/main-00000000.js']) {
    test(`${path} on the short domain is a 404`, async () => {
      const res = await t.request(path);
      expect(res.status).toBe(404);
      // not the shell: the JSON 404 with the policy every answer has
      expect(res.headers.get('content-type')).toStartWith('application/json');
      expect(res.headers.get('content-security-policy')).not.toBe(CSP);
    });
  }

  test('"app" is never a slug (a custom domain would otherwise shadow the dashboard where it shares the site host)', () => {
    expect(() => checkSlug('app')).toThrow('Invalid slug: "app" is reserved');
    expect(() => checkSlug('App')).toThrow('is reserved');
  });
});
