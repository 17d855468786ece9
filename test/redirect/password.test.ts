import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/app';
import { BROWSER_UA, createLink, type Ws } from '../links/fixtures';
import { flushClicks } from '../../modules/clicks/recorder';

let t: TestApp;
let ws: Ws;
let base: string;
let landing: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  ws = await t.bootstrap({ plan: 'pro' });
  base = await t.listen();
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers();
  landing = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('<h1>landed</h1>', { headers: { 'content-type': 'text/html' } }) });
});
afterAll(async () => {
  landing.stop(true);
  await t.close();
});

const clickCount = async (id: string) => {
  await flushClicks(t.deps);
  return (await t.api('GET', `/workspaces/${ws.workspaceId}/links/${id}`, { key: ws.key })).body.click_count as number;
};
const post = (slug: string, password: string, ip = '203.0.113.7') =>
  t.request(`/${slug}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': BROWSER_UA, 'x-forwarded-for': ip },
    body: new URLSearchParams({ password }).toString(),
  });

test('form, wrong password 401 with the form again, right password redirects; no click before unlock', async () => {
  const link = await createLink(t, ws, { target: 'https://example.com/secret', password: 'open sesame' });
  const form = await t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA } });
  expect(form.status).toBe(200);
  const html = await form.text();
  expect(html).toContain('<form method="post">');
  expect(html).toContain('name="password"');
  expect(html).not.toContain('example.com/secret');

  const wrong = await post(link.slug, 'open says me');
  expect(wrong.status).toBe(401);
  const again = await wrong.text();
  expect(again).toContain('Wrong password');
  expect(again).toContain('name="password"');
  expect(again).not.toContain('example.com/secret');
  const empty = await post(link.slug, '');
  expect(empty.status).toBe(401);
  expect(await clickCount(link.id)).toBe(0);

  const right = await post(link.slug, 'open sesame');
  expect(right.status).toBe(302);
  expect(right.headers.get('location')).toBe('https://example.com/secret');
  expect(await clickCount(link.id)).toBe(1);
}, 30_000);

test('attempts are rate limited per link and IP (429), other IPs unaffected', async () => {
  const link = await createLink(t, ws, { target: 'https://example.com/limited', password: 'correct-password' });
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await post(link.slug, `guess-${i}`, '198.51.100.1')).status);
  expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
  expect(statuses[10]).toBe(429);
  const blocked = await post(link.slug, 'correct-password', '198.51.100.1');
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await post(link.slug, 'correct-password', '198.51.100.2')).status).toBe(302);
}, 30_000);

test('a real browser fills in the form and lands on the target', async () => {
  const target = `http://127.0.0.1:${landing.port}/landing`;
  const link = await createLink(t, ws, { target, password: 'browser-pass' });
  const port = new URL(base).port;
  let browser: Browser | undefined;
  try {
    browser = await launchChromium({ 'go.linkhop.test:80': Number(port) });
    // headless Chromium names itself HeadlessChrome, which the bot list (rightly) skips
    const page = await browser.newPage({ userAgent: BROWSER_UA });
    await page.goto(`http://go.linkhop.test/${link.slug}`);
    expect(await page.title()).toBe('Password required');
    await page.fill('input[name=password]', 'not-it-at-all');
    await Promise.all([page.waitForLoadState('load'), page.click('button[type=submit]')]);
    expect(await page.textContent('.error')).toBe('Wrong password.');
    await page.fill('input[name=password]', 'browser-pass');
    await Promise.all([page.waitForURL(target), page.click('button[type=submit]')]);
    expect(await page.textContent('h1')).toBe('landed');
  } finally {
    await browser?.close();
  }
  expect(await clickCount(link.id)).toBe(1);
}, 60_000);

test('without TRUST_PROXY a forged X-Forwarded-For is ignored: rotating it does not reset the limit', async () => {
  const direct = await startTestApp(); // TRUST_PROXY off (the default): the peer address is the visitor
  try {
    const owner = await direct.bootstrap({ plan: 'pro' });
    const link = await createLink(direct, owner, { target: 'https://example.com/direct', password: 'correct-password' });
    const url = `${await direct.listen()}/${link.slug}`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          host: direct.config.defaultDomain,
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': BROWSER_UA,
          'x-forwarded-for': `198.51.100.${i + 10}`,
        },
        body: new URLSearchParams({ password: `guess-${i}` }).toString(),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  } finally {
    await direct.close();
  }
}, 30_000);
