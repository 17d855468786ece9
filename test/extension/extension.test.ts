import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { buildExtension } from '../../extension/build';
import { checkA11y, type Dashboard, DOCS_SCREENSHOTS, screenshot, signIn, skipBrowser, warnIfNoChromium } from '../dashboard/harness';
import { startTestApp, type TestApp } from '../helpers/app';
import { CHROMIUM } from '../helpers/browser';
import { startSmtpSink } from '../members/smtp-sink';

/**
 * The browser extension, built as `npm run build:extension` builds it and loaded into Debian's
 * Chromium: its popup (opened as a tab) signs in through the real consent page, shortens a page
 * served on loopback, shows the QR code, and asks to sign in again once the app is revoked.
 */
warnIfNoChromium('browser extension');

const SCREENSHOTS = new URL('./screenshots', import.meta.url).pathname;

let t: TestApp;
let mail: Awaited<ReturnType<typeof startSmtpSink>>;
let d: Dashboard;
let context: BrowserContext;
let profile: string;
let extensionId: string;
let article: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  if (skipBrowser) return;
  mail = await startSmtpSink();
  t = await startTestApp({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Linkhop <mailer@linkhop.test>' } });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['mail', 'clicks']);
  const port = Number(new URL(await t.listen()).port);
  d = { t, mail, appUrl: (path = '') => `${t.config.siteUrl}/app${path}` } as Dashboard;
  // the page to shorten, on loopback
  article = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: () => new Response('<!doctype html><title>An article</title><h1>An article</h1>', { headers: { 'content-type': 'text/html' } }),
  });
  const { chromium: dir } = await buildExtension();
  profile = mkdtempSync(join(tmpdir(), 'linkhop-extension-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 400, height: 720 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-sync',
      '--disable-background-networking',
      '--disable-component-update',
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      `--host-resolver-rules=MAP ${new URL(t.config.siteUrl).hostname} 127.0.0.1:${port}, MAP ${t.config.defaultDomain} 127.0.0.1:${port}`,
    ],
  });
  context.setDefaultTimeout(15_000);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
}, 120_000);

afterAll(async () => {
  await context?.close();
  article?.stop(true);
  await t?.close();
  await mail?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

const popupUrl = () => `chrome-extension://${extensionId}/popup.html`;

/** The popup as a tab, opened after `page` so that the page is the tab it shortens. */
async function openPopup(): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(popupUrl());
  return popup;
}

/** The QR image as the popup shows it, decoded. */
async function qrText(popup: Page): Promise<string | undefined> {
  const image = popup.getByRole('img', { name: /^QR code for / });
  await image.waitFor();
  await popup.waitForFunction(() => (document.getElementById('qr') as HTMLImageElement).complete);
  const png = PNG.sync.read(await image.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe.skipIf(skipBrowser)('the browser extension in Chromium', () => {
  test('sign in by OAuth, shorten a loopback page with tags and UTM, QR, recent links; revoked → sign in again', async () => {
    const email = `ext-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { workspaceId, key } = await t.bootstrap({ email, plan: 'pro', name: 'Ada Lovelace', workspace: 'Acme' });

    // the person is signed in to the dashboard in this browser
    const dashboard = await context.newPage();
    await signIn(d, dashboard, email);

    // the page to shorten, then the popup
    const target = `http://127.0.0.1:${article.port}/article?id=42`;
    const tab = await context.newPage();
    await tab.goto(target);
    let popup = await openPopup();
    await popup.getByRole('heading', { name: 'Sign in' }).waitFor();
    await checkA11y(popup);
    await screenshot(popup, 'popup-signed-out', SCREENSHOTS);

    // 1. OAuth: the consent page names the extension; Allow lands on the extension's callback page
    await popup.getByLabel('Your Linkhop address').first().fill(t.config.siteUrl);
    const consentOpened = context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Sign in with Linkhop' }).click();
    const consent = await consentOpened;
    await consent.getByRole('heading', { name: 'Connect an app', level: 1 }).waitFor();
    await consent.getByText('Linkhop browser extension', { exact: true }).first().waitFor();
    await consent.getByText('(a browser extension)').waitFor();
    await consent.getByText('through the API', { exact: false }).waitFor();
    await consent.getByLabel('Role').selectOption('editor');
    await consent.getByRole('button', { name: 'Allow' }).click();
    await consent.waitForURL(`chrome-extension://${extensionId}/callback.html**`);
    await consent.getByText('Signed in to Acme').waitFor();
    // the code does not stay in the address
    expect(consent.url()).toBe(`chrome-extension://${extensionId}/callback.html`);
    await consent.close();

    // tokens are in the extension's storage only
    const stored = await popup.evaluate(() => chrome.storage.local.get('linkhop')).then((s: any) => s.linkhop);
    expect(stored.auth.kind).toBe('oauth');
    expect(stored.auth.accessToken).toStartWith('lho_');
    expect(stored.workspaceId).toBe(workspaceId);

    // 2. the popup, signed in, shows the tab it shortens: not shortened yet
    await tab.bringToFront();
    await popup.close();
    popup = await openPopup();
    await popup.getByText(target).waitFor();
    await popup.getByText('No short link for this page in this workspace yet.').waitFor();
    await popup.getByLabel('Tags').fill('news, Launch');
    await popup.getByText('UTM parameters').click();
    await popup.getByLabel('Source').fill('extension');
    await popup.getByLabel('Campaign').fill('spring');
    await popup.getByRole('button', { name: 'Shorten' }).click();
    const shortLink = popup.getByRole('region', { name: 'Short link' }).getByRole('link');
    await shortLink.waitFor();
    const short = (await shortLink.textContent())!;
    expect(short).toStartWith(`http://${t.config.defaultDomain}/`);

    // the link exists in the API with the chosen tags and UTM
    const listed = await t.api('GET', `/workspaces/${workspaceId}/links?target=${encodeURIComponent(target)}`, { key });
    expect(listed.body.total).toBe(1);
    const link = listed.body.links[0];
    expect(short).toBe(`http://${link.domain}/${link.slug}`);
    expect(link.tags.sort()).toEqual(['launch', 'news']);
    expect(link.utm_params).toMatchObject({ source: 'extension', campaign: 'spring' });

    // the QR decodes to the short link; the page now shows as shortened; the recent list has it
    expect(await qrText(popup)).toBe(short);
    await popup
      .getByRole('status')
      .getByText(/^Already shortened/)
      .waitFor();
    const recent = popup.getByRole('region', { name: 'Recent links' }).getByRole('listitem');
    await expect(recent.first().textContent()).resolves.toBe(`${link.domain}/${link.slug}0 clicks`);
    await checkA11y(popup);
    await screenshot(popup, 'extension-popup-shortened', DOCS_SCREENSHOTS);

    // a back-half is for custom domains here: the field says so on the default domain
    await expect(popup.getByLabel('Back-half').isDisabled()).resolves.toBe(true);
    await popup.getByText(`Back-halves are for your own domains; on ${t.config.defaultDomain} one is made for you.`).waitFor();

    // an access token about to lapse is refreshed (both tokens rotate) and the popup goes on working
    await popup.evaluate(async () => {
      const { linkhop } = (await chrome.storage.local.get('linkhop')) as any;
      linkhop.auth.expiresAt = Date.now();
      await chrome.storage.local.set({ linkhop });
    });
    await popup.reload();
    await popup
      .getByRole('status')
      .getByText(/^Already shortened/)
      .waitFor();
    const refreshed = await popup.evaluate(() => chrome.storage.local.get('linkhop')).then((s: any) => s.linkhop);
    expect(refreshed.auth.accessToken).toStartWith('lho_');
    expect(refreshed.auth.accessToken).not.toBe(stored.auth.accessToken);
    expect(refreshed.auth.refreshToken).not.toBe(stored.auth.refreshToken);
    expect(refreshed.auth.expiresAt).toBeGreaterThan(Date.now() + 3_000_000);

    // 3. revoked on the Account page: the popup asks to sign in again, and forgets the tokens
    await dashboard.bringToFront();
    await dashboard.goto(d.appUrl(`/w/${workspaceId}/account`));
    const item = dashboard.getByRole('listitem', { name: /^Linkhop browser extension in / });
    await item.getByRole('button', { name: /^Revoke / }).click();
    await dashboard.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await dashboard.getByText('No app is connected.').waitFor();
    await popup.reload();
    await popup.getByRole('heading', { name: 'Sign in' }).waitFor();
    await popup
      .getByRole('alert')
      .getByText(/sign in again/)
      .waitFor();
    expect(await popup.evaluate(() => chrome.storage.local.get('linkhop')).then((s: any) => s.linkhop)).toBeUndefined();
    await checkA11y(popup);
    await screenshot(popup, 'popup-revoked', SCREENSHOTS);
  }, 180_000);

  test('the API key fallback: a wrong key is refused in words, a right one signs in', async () => {
    const { key } = await t.bootstrap({ email: `ext-key-${crypto.randomUUID().slice(0, 8)}@example.com`, workspace: 'Keyed' });
    const popup = await openPopup();
    await popup.getByText('Use an API key instead').click();
    await popup.getByLabel('Your Linkhop address').nth(1).fill(t.config.siteUrl);
    await popup.getByLabel('API key').fill('lh_wrong');
    await popup.getByRole('button', { name: 'Sign in with the key' }).click();
    await popup.getByRole('alert').getByText('Invalid API key').waitFor();
    await popup.getByLabel('API key').fill(key);
    await popup.getByRole('button', { name: 'Sign in with the key' }).click();
    await popup.getByText('Workspace: Keyed').waitFor();
    await popup.getByRole('button', { name: 'Sign out' }).click();
    await popup.getByRole('heading', { name: 'Sign in' }).waitFor();
  }, 60_000);
});
