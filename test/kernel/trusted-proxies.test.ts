import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestApp, type TestApp } from '../helpers/app';
import { NGINX, requestFrom, startNginx, type Nginx } from '../helpers/nginx';
import { BROWSER_UA, createLink, type Ws } from '../links/fixtures';

/**
 * The client IP behind a real nginx on loopback (`X-Forwarded-For $proxy_add_x_forwarded_for`), with a
 * visitor who writes their own X-Forwarded-For. Visitors connect from 127.0.0.2 and 127.0.0.3; only
 * nginx (127.0.0.1) is a trusted proxy, so each visitor is the address nginx appended for them.
 */
if (!NGINX) console.warn('trusted-proxies.test.ts skipped: nginx is not installed (apt-get install nginx-light)');

describe.skipIf(!NGINX)('behind nginx, a forged X-Forwarded-For is not the client IP', () => {
  let t: TestApp;
  let ws: Ws;
  let nginx: Nginx;
  beforeAll(async () => {
    // TRUST_PROXY=true alone would trust all of 127/8, the visitors' addresses here too
    t = await startTestApp({ env: { TRUST_PROXY: 'true', TRUSTED_PROXIES: '127.0.0.1' } });
    ws = await t.bootstrap({ plan: 'pro' });
    nginx = await startNginx(Number(new URL(await t.listen()).port));
  }, 60_000);
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  const visit = (from: string, forged: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    requestFrom(from, nginx.port, {
      method: init.method,
      path,
      headers: { host: t.config.defaultDomain, 'user-agent': BROWSER_UA, 'x-forwarded-for': forged, ...init.headers },
      body: init.body,
    });

  test('a country rule does not fire for a forged 8.8.8.8', async () => {
    const link = await createLink(t, ws, {
      target: 'https://example.com/everyone',
      rules: [{ name: 'us', conditions: [{ field: 'country', operator: 'eq', value: 'US' }], action: { type: 'redirect', url: 'https://us.example/' } }],
    });
    // the rule and the country database do their part: a visitor who really is 8.8.8.8 gets the US target
    const fromUs = await t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA, 'x-forwarded-for': '8.8.8.8' } });
    expect(fromUs.headers.get('location')).toBe('https://us.example/');

    const forged = await visit('127.0.0.2', '8.8.8.8', `/${link.slug}`);
    expect(forged.status).toBe(302);
    expect(forged.headers.location).toBe('https://example.com/everyone');
  });

  test('the password form stays limited (429) while the forged header rotates; another visitor keeps their own limit', async () => {
    const link = await createLink(t, ws, { target: 'https://example.com/secret', password: 'correct-password' });
    const guess = (from: string, forged: string, password: string) =>
      visit(from, forged, `/${link.slug}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ password }).toString(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await guess('127.0.0.2', `198.51.100.${i + 1}`, `guess-${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // not everyone behind the proxy shares one address: the next visitor still gets in
    const other = await guess('127.0.0.3', '198.51.100.1', 'correct-password');
    expect(other.status).toBe(302);
    expect(other.headers.location).toBe('https://example.com/secret');
  });

  test('the per-IP sign-in limit holds while the forged header rotates', async () => {
    const ask = (from: string, forged: string, n: number) =>
      requestFrom(from, nginx.port, {
        method: 'POST',
        path: '/api/session/sign-in-link',
        headers: { host: new URL(t.config.siteUrl).host, 'content-type': 'application/json', 'x-forwarded-for': forged },
        body: JSON.stringify({ email: `proxied-${n}@example.com` }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await ask('127.0.0.2', `203.0.113.${i + 1}`, i)).status);
    expect(statuses).toEqual([...Array(20).fill(202), 429]);
    expect((await ask('127.0.0.3', '203.0.113.1', 99)).status).toBe(202);
  });
});
