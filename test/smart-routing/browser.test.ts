import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { Browser } from 'playwright-core';
import { hasChromium, launchChromium } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/app';
import { UA } from '../helpers/smart-links';

/**
 * A real headless Chromium against a listening server: the short domain and a landing site
 * are mapped to loopback ports, so the browser sends the real Host headers.
 */
const LANDING = 'landing.linkhop.test';

let t: TestApp;
let browser: Browser;
let landing: ReturnType<typeof Bun.serve>;
let ws: { workspaceId: string; key: string };

beforeAll(async () => {
  t = await startTestApp();
  const base = new URL(await t.listen());
  landing = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) =>
      new Response(`<!doctype html><title>Landed</title><h1>Landed at ${new URL(req.url).pathname}</h1>`, { headers: { 'content-type': 'text/html' } }),
  });
  browser = await launchChromium({ [t.config.defaultDomain]: Number(base.port), [LANDING]: landing.port! });
  ws = await t.bootstrap({ plan: 'pro' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  landing?.stop(true);
  await t.close();
});

async function createLink(body: Record<string, unknown>) {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body });
  expect(res.status).toBe(201);
  return `http://${t.config.defaultDomain}/${res.body.slug}`;
}

test.skipIf(!hasChromium)(
  'the interstitial continues to the target after its delay, and at once by its button',
  async () => {
    const shortUrl = await createLink({
      target: `http://${LANDING}/after-delay`,
      interstitial: { title: 'One moment <b>please</b>', delay: 2, show_once: false },
    });
    const page = await browser.newPage({ userAgent: UA.desktop });
    try {
      const started = Date.now();
      await page.goto(shortUrl);
      expect(await page.title()).toBe('One moment <b>please</b>');
      expect(await page.locator('h1').textContent()).toBe('One moment <b>please</b>');
      await page.waitForURL(`http://${LANDING}/after-delay`, { timeout: 15_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      expect(await page.locator('h1').textContent()).toBe('Landed at /after-delay');

      await page.goto(shortUrl);
      const clicked = Date.now();
      await page.locator('#continue').click();
      await page.waitForURL(`http://${LANDING}/after-delay`, { timeout: 5_000 });
      expect(Date.now() - clicked).toBeLessThan(1500);
    } finally {
      await page.close();
    }
  },
  60_000,
);

test.skipIf(!hasChromium)(
  'a password form: a wrong password shows the form again, the right one lands on the target',
  async () => {
    const shortUrl = await createLink({ target: `http://${LANDING}/secret`, password: 'correct horse' });
    const page = await browser.newPage({ userAgent: UA.desktop });
    try {
      await page.goto(shortUrl);
      await page.locator('input[name="password"]').fill('wrong password');
      const [wrong] = await Promise.all([page.waitForNavigation(), page.locator('button[type="submit"]').click()]);
      expect(wrong?.status()).toBe(401);
      await page.locator('input[name="password"]').fill('correct horse');
      await Promise.all([page.waitForURL(`http://${LANDING}/secret`, { timeout: 10_000 }), page.locator('button[type="submit"]').click()]);
      expect(await page.locator('h1').textContent()).toBe('Landed at /secret');
    } finally {
      await page.close();
    }
  },
  60_000,
);

test.skipIf(!hasChromium)(
  'the app-detection page falls back to the store when no app opens',
  async () => {
    const shortUrl = await createLink({
      target: `http://${LANDING}/web`,
      deep_link: { ios_app_url: 'linkhop-test-app://item/1', ios_store_url: `http://${LANDING}/store`, interstitial: true },
    });
    const page = await browser.newPage({ userAgent: UA.iphone });
    try {
      await page.goto(shortUrl);
      await page.waitForURL(`http://${LANDING}/store`, { timeout: 15_000 });
      expect(await page.locator('h1').textContent()).toBe('Landed at /store');
    } finally {
      await page.close();
    }
  },
  60_000,
);
