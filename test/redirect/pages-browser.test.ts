import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { hasChromium, launchChromium } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/app';
import { UA } from '../helpers/smart-links';

/**
 * The short-link pages still do their work in a real Chromium under their headers (the sandbox of
 * the pages with workspace scripts, the script-free policy of the others): pixels run, then the
 * page continues; the interstitial's button and its show-once cookie; the refresh without
 * JavaScript; the password form's post; the app-detection page's launch and fallback.
 */
const skip = !hasChromium;
if (skip) console.warn('redirect/pages-browser: skipped — /usr/bin/chromium missing (apt-get install -y chromium)');

const TARGET = 'https://target.example/landing';
const PIXEL = 'https://pixel.example/tag.js';

let t: TestApp;
let browser: Browser;
let ws: { workspaceId: string; key: string };

beforeAll(async () => {
  if (skip) return;
  // site and short domain on one host, as locally
  t = await startTestApp({ env: { DEFAULT_DOMAIN: 'linkhop.test' } });
  const port = Number(new URL(await t.listen()).port);
  browser = await launchChromium({ 'linkhop.test': port });
  ws = await t.bootstrap({ plan: 'team' });
  expect((await t.api('PATCH', `/workspaces/${ws.workspaceId}`, { key: ws.key, body: { retargeting_scripts: [PIXEL] } })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function link(body: Record<string, unknown>): Promise<string> {
  const res = await t.api('POST', `/workspaces/${ws.workspaceId}/links`, { key: ws.key, body: { target: TARGET, ...body } });
  expect(res.status).toBe(201);
  return res.body.short_url;
}

/** A context whose pixel reports that it ran, and whose target answers; `problems` collects sandbox and policy refusals. */
async function visitor(opts: { userAgent?: string; javaScriptEnabled?: boolean } = {}) {
  const context: BrowserContext = await browser.newContext({ userAgent: opts.userAgent ?? UA.desktop, javaScriptEnabled: opts.javaScriptEnabled ?? true });
  const pixelRuns: string[] = [];
  const problems: string[] = [];
  await context.route(`${PIXEL}*`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: "fetch('https://pixel.example/hit?u=' + encodeURIComponent(location.href), { mode: 'no-cors' })" }),
  );
  await context.route('https://pixel.example/hit*', (route) => {
    pixelRuns.push(new URL(route.request().url()).searchParams.get('u')!);
    return route.fulfill({ status: 204 });
  });
  await context.route('https://target.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Landing</title>' }));
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/sandbox|Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  return { context, page, pixelRuns, problems };
}

describe.skipIf(skip)('short-link pages under their headers, in Chromium', () => {
  test('retargeting page: the pixel runs in the page, then the page continues to the target', async () => {
    const url = await link({});
    const { context, page, pixelRuns, problems } = await visitor();
    await page.goto(url);
    await page.waitForURL(TARGET, { timeout: 10_000 });
    expect(pixelRuns).toEqual([url]);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  test('retargeting page without JavaScript: its refresh continues to the target', async () => {
    const url = await link({});
    const { context, page } = await visitor({ javaScriptEnabled: false });
    await page.goto(url);
    await page.waitForURL(TARGET, { timeout: 10_000 });
    await context.close();
  }, 30_000);

  test('interstitial: its button leads on; shown once, the next visit goes straight to the target (the cookie of its answer comes back)', async () => {
    const url = await link({ interstitial: { title: 'One moment', cta_text: 'Go on', delay: 30, show_once: true } });
    const { context, page, pixelRuns, problems } = await visitor();
    await page.goto(url);
    await page.getByRole('heading', { name: 'One moment' }).waitFor();
    await page.getByRole('link', { name: 'Go on' }).click();
    await page.waitForURL(TARGET);
    expect(pixelRuns).toEqual([url]);

    // the workspace's scripts still bring the retargeting page, but no interstitial
    const again = await page.goto(url);
    expect(again!.request().headers().cookie).toMatch(/(^|; )lh_int_[^=]+=1/);
    expect(await again!.text()).not.toContain('One moment');
    await page.waitForURL(TARGET);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  test('password form: the right password posts, and the page after it (sandboxed) runs the pixel and continues', async () => {
    const url = await link({ password: 'correct-horse-9' });
    const { context, page, pixelRuns, problems } = await visitor();
    await page.goto(url);
    await page.getByLabel('Password').fill('correct-horse-9');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(TARGET, { timeout: 10_000 });
    expect(pixelRuns).toEqual([url]);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);

  test('app-detection page: it opens the app by its custom scheme, then, without the app, falls back to the web', async () => {
    const url = await link({ deep_link: { ios_app_url: 'myapp://open', interstitial: true } });
    const { context, page, problems } = await visitor({ userAgent: UA.iphone });
    // headless Chromium has no app to hand the scheme to (whether the sandbox would let it go is not
    // visible here: allow-top-navigation-to-custom-protocols is there for real browsers); the
    // app's navigation never ends, so only the requests are awaited
    const app = page.waitForRequest('myapp://open', { timeout: 10_000 });
    const fallback = page.waitForRequest(TARGET, { timeout: 10_000 });
    await page.goto(url, { waitUntil: 'commit' });
    await Promise.all([app, fallback]);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);
});
