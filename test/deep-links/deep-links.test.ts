import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { featureMessage } from '../../core/plans';
import { checkDeepLink } from '../../modules/deep-links/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { UA, validationFailure, workspacePool } from '../helpers/smart-links';

const failure = (value: unknown) => validationFailure(checkDeepLink, value);

describe('validation', () => {
  test.each([
    ['not an object', 'myapp://x', 'expected an object'],
    ['no app URL', { ios_store_url: 'https://apps.apple.com/app/id1' }, 'ios_app_url or android_app_url is required'],
    ['javascript:', { ios_app_url: 'javascript:alert(1)' }, 'javascript: scheme is not allowed'],
    ['JavaScript: in capitals', { android_app_url: 'JavaScript:alert(1)' }, 'javascript: scheme is not allowed'],
    ['javascript: behind a tab', { ios_app_url: 'java\tscript:alert(1)' }, 'expected a URL with a scheme'],
    ['javascript: behind a space', { ios_app_url: ' javascript:alert(1)' }, 'expected a URL with a scheme'],
    ['data:', { ios_app_url: 'data:text/html,<script>alert(1)</script>' }, 'data: scheme is not allowed'],
    ['vbscript:', { ios_app_url: 'vbscript:msgbox(1)' }, 'vbscript: scheme is not allowed'],
    ['file:', { android_app_url: 'file:///etc/passwd' }, 'file: scheme is not allowed'],
    ['no scheme', { ios_app_url: 'myapp/item' }, 'expected a URL with a scheme'],
    ['app URL not a string', { ios_app_url: 5 }, 'deep_link.ios_app_url'],
    ['store URL custom scheme', { ios_app_url: 'myapp://x', ios_store_url: 'itms-apps://id1' }, 'deep_link.ios_store_url: expected an http(s) URL'],
    ['fallback URL javascript:', { android_app_url: 'myapp://x', android_fallback_url: 'javascript:alert(1)' }, 'deep_link.android_fallback_url'],
    ['interstitial not a boolean', { ios_app_url: 'myapp://x', interstitial: 'yes' }, 'deep_link.interstitial'],
    ['unknown key', { ios_app_url: 'myapp://x', web_url: 'https://x.example/' }, 'unknown field "web_url"'],
  ])('%s → 400', (_name, value, message) => {
    expect(failure(value)).toContain(message);
  });

  test('custom schemes and universal links pass; interstitial defaults to false', () => {
    expect(checkDeepLink({ ios_app_url: 'fb://profile/1', android_app_url: 'https://example.com/app/item' })).toEqual({
      ios_app_url: 'fb://profile/1',
      android_app_url: 'https://example.com/app/item',
      interstitial: false,
    });
  });
});

describe('through the API and real redirects', () => {
  let t: TestApp;
  let pool: ReturnType<typeof workspacePool>;
  beforeAll(async () => {
    t = await startTestApp();
    pool = workspacePool(t);
  });
  afterAll(() => t.close());

  const deepLink = {
    ios_app_url: 'myapp://item/42',
    ios_store_url: 'https://apps.apple.com/app/id42',
    ios_fallback_url: 'https://ios-web.example/item/42',
    android_app_url: 'myapp-android://item/42',
    android_store_url: 'https://play.google.com/store/apps/details?id=app',
  };

  test('free: 402; pro: invalid → 400', async () => {
    const free = await pool.create('free', { deep_link: deepLink });
    expect(free.status).toBe(402);
    expect(free.body.error).toBe(featureMessage('deep_link'));
    const bad = await pool.create('pro', { deep_link: { ios_app_url: 'javascript:alert(1)' } });
    expect(bad.status).toBe(400);
  });

  test.each([
    ['iPhone', UA.iphone, 302, 'myapp://item/42'],
    ['Android', UA.android, 302, 'myapp-android://item/42'],
    ['desktop', UA.desktop, 301, 'https://web.example/?utm_source=mail'],
    ['facebookexternalhit', UA.facebook, 301, 'https://web.example/?utm_source=mail'],
  ])('%s: %i to %s', async (_name, ua, status, location) => {
    const created = await pool.create('pro', { target: 'https://web.example/', redirect_type: 301, utm_params: { source: 'mail' }, deep_link: deepLink });
    expect(created.status).toBe(201);
    const res = await t.request(`/${created.body.slug}`, { headers: { 'user-agent': ua } });
    expect(res.status).toBe(status);
    expect(res.headers.get('location')).toBe(location);
  });

  test('a sequence step cookie goes with the 302 to the app', async () => {
    const created = await pool.create('pro', {
      sequence: { urls: [{ url: 'https://s1.example/' }, { url: 'https://s2.example/' }] },
      deep_link: { ios_app_url: 'myapp://x' },
    });
    const res = await t.request(`/${created.body.slug}`, { headers: { 'user-agent': UA.iphone } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('myapp://x');
    expect(res.headers.getSetCookie().filter((c) => c.startsWith(`lh_seq_${created.body.id}=1;`))).toHaveLength(1);
  });

  test('interstitial: mobile visitors get the app-detection page (app, then store on timeout); desktop the redirect', async () => {
    const created = await pool.create('pro', { target: 'https://web.example/', deep_link: { ...deepLink, interstitial: true } });
    const path = `/${created.body.slug}`;
    const ios = await t.request(path, { headers: { 'user-agent': UA.iphone } });
    expect(ios.status).toBe(200);
    expect(ios.headers.get('content-type')).toContain('text/html');
    const page = await ios.text();
    expect(page).toContain('var app="myapp://item/42",fallback="https://apps.apple.com/app/id42"');
    expect(page).toContain('href="https://ios-web.example/item/42"');
    const android = await (await t.request(path, { headers: { 'user-agent': UA.android } })).text();
    expect(android).toContain('var app="myapp-android://item/42",fallback="https://play.google.com/store/apps/details?id=app"');
    // no Android web fallback: the link's target is the web URL
    expect(android).toContain('href="https://web.example/"');
    expect((await t.request(path, { headers: { 'user-agent': UA.desktop } })).headers.get('location')).toBe('https://web.example/');
    expect((await t.request(path, { headers: { 'user-agent': UA.facebook } })).status).toBe(302);
  });

  test('without a store URL the page falls back to the web URL; a routed target is that web URL', async () => {
    const created = await pool.create('team', {
      target: 'https://web.example/',
      routing_rules: { device: { mobile: 'https://mobile.example/' } },
      utm_params: { campaign: 'spring' },
      deep_link: { ios_app_url: 'myapp://item/42', ios_fallback_url: 'https://ios-web.example/', interstitial: true },
    });
    expect(created.status).toBe(201);
    const page = await (await t.request(`/${created.body.slug}`, { headers: { 'user-agent': UA.iphone } })).text();
    expect(page).toContain('var app="myapp://item/42",fallback="https://mobile.example/?utm_campaign=spring"');
    expect(page).not.toContain('ios-web.example');
  });

  test('an unrouted iOS visit without app detection page uses the iOS web fallback when the app URL is for Android only', async () => {
    const created = await pool.create('pro', {
      target: 'https://web.example/',
      deep_link: { android_app_url: 'myapp://x', ios_fallback_url: 'https://ios-web.example/' },
    });
    expect((await t.request(`/${created.body.slug}`, { headers: { 'user-agent': UA.iphone } })).headers.get('location')).toBe('https://ios-web.example/');
  });

  test('hostile characters in an app URL stay inert on the page', async () => {
    const hostile = 'myapp://x?q="><script>alert(1)</script>&r=\'';
    const created = await pool.create('pro', { deep_link: { ios_app_url: hostile, interstitial: true } });
    expect(created.status).toBe(201);
    const page = await (await t.request(`/${created.body.slug}`, { headers: { 'user-agent': UA.iphone } })).text();
    expect(page).not.toContain('<script>alert(1)');
    expect(page).toContain(`href="${Bun.escapeHTML(hostile)}"`);
    expect(page).toContain('var app="myapp://x?q=\\"\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u0026r=\'"');
  });
});
