import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type Subprocess } from 'bun';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { freePort } from '../helpers/pg-cluster';
import { checkA11y, DESKTOP_UA, screenshot, skipBrowser, warnIfNoChromium } from './harness';

/**
 * A newcomer's first run, as the README tells it: `npm start` on a fresh DATA_DIR with no settings
 * (only a free PORT), the setup link read from the server's output, then everything in the browser:
 * the first account, a link, a visit, the click in a chart. No curl, no ADMIN_TOKEN, no mail.
 */
warnIfNoChromium('first run');

const ROOT = join(import.meta.dir, '../..');
let dataDir: string;
let server: Subprocess<'ignore', 'ignore', 'pipe'>;
let site: string;
let setupUrl: string;
let browser: Browser;

/**
 * The server's standard error until the setup link, printed as plain text on a line of its own (as a person
 * reads `npm start`'s output; the JSON log line on stdout carries it too); the rest is still read (and
 * dropped) in the background, as a terminal would, so the server never writes into a full pipe.
 */
async function readSetupUrl(stderr: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stderr.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server ended without printing a setup link; it printed:\n${buffered}`);
    buffered += decoder.decode(value);
    const line = buffered.split('\n').find((l) => /^http:\/\/localhost:\d+\/app\/setup#token=[A-Za-z0-9_-]+$/.test(l));
    if (line) {
      void (async () => {
        while (!(await reader.read()).done);
      })();
      return line;
    }
  }
}

async function untilServing(url: string) {
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await Bun.sleep(100);
  }
  throw new Error('the server did not start serving');
}

beforeAll(async () => {
  if (skipBrowser) return;
  dataDir = mkdtempSync(join(tmpdir(), 'linkhop-first-run-'));
  const port = await freePort();
  site = `http://localhost:${port}`;
  // what `npm start` gets on a fresh machine: no DATABASE_URL, REDIS_URL, SITE_URL, ADMIN_TOKEN, SMTP_URL
  const env = { PATH: process.env.PATH!, HOME: process.env.HOME!, PORT: String(port), DATA_DIR: dataDir };
  server = spawn([process.execPath, 'app/main.ts'], { cwd: ROOT, env, stdout: 'ignore', stderr: 'pipe' });
  setupUrl = await readSetupUrl(server.stderr);
  await untilServing(site);
  browser = await launchChromium({});
}, 90_000);
afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  await server?.exited;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(skipBrowser)('first run', () => {
  test('from the printed setup link to a first chart, in the browser, in under a minute', async () => {
    const started = Date.now();
    expect(setupUrl).toMatch(new RegExp(`^${site}/app/setup#token=[A-Za-z0-9_-]{43}$`));
    const page = await (await browser.newContext({ userAgent: DESKTOP_UA })).newPage();

    // before setup, the site's root and the sign-in page say where the way in is
    await page.goto(site);
    await page.waitForURL(`${site}/app/sign-in`);
    await page.getByRole('heading', { name: 'First run: no account yet' }).waitFor();
    await expect(page.getByText('npm run cli -- setup-link').count()).resolves.toBe(1);
    await checkA11y(page);

    await page.goto(setupUrl);
    await page.getByRole('heading', { name: 'Set up Linkhop' }).waitFor();
    // the token leaves the address bar at once
    expect(page.url()).toBe(`${site}/app/setup`);
    await checkA11y(page);
    await screenshot(page, 'setup');
    await page.getByLabel('E-mail', { exact: true }).fill('not an address');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Invalid email: expected an address such as you@example.com').waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Your name', { exact: true }).fill('Ada');
    await page.getByLabel('Workspace name', { exact: true }).fill('Acme');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const wsId = /\/app\/w\/([^/]+)$/.exec(page.url())![1]!;

    // a link, made in the dashboard, to a page this closed network can reach (not on the short domain itself: that would loop)
    const target = `${site.replace('localhost', '127.0.0.1')}/healthz`;
    await page.goto(`${site}/app/w/${wsId}/links`);
    await page.getByRole('button', { name: 'New link' }).click();
    await page.getByLabel('Destination URL', { exact: true }).fill(`${target}`);
    await page.getByRole('button', { name: 'Create link' }).click();
    const toast = page.getByText(/^Link created: /);
    await toast.waitFor();
    const shortUrl = (await toast.innerText()).replace(/^Link created: /, '').trim();
    expect(shortUrl).toStartWith(`${site}/`);

    const visitor = await (await browser.newContext({ userAgent: DESKTOP_UA })).newPage();
    const landed = await visitor.goto(shortUrl);
    expect(landed?.url()).toBe(target);

    // the click reaches the overview's chart (clicks are stored every 100 ms)
    await page.goto(`${site}/app/w/${wsId}`);
    const chart = page.getByRole('img', { name: /Clicks per day, last 30 days\. 1 click from/ });
    for (let tries = 0; tries < 20 && !(await chart.count()); tries++) {
      await Bun.sleep(250);
      await page.reload();
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
    }
    await chart.waitFor();
    await checkA11y(page);
    expect(Date.now() - started).toBeLessThan(60_000);

    // the link is spent
    const again = await (await browser.newContext()).newPage();
    await again.goto(setupUrl);
    await again.getByRole('button', { name: 'Create account' }).waitFor();
    await again.getByLabel('E-mail', { exact: true }).fill('eve@example.com');
    await again.getByRole('button', { name: 'Create account' }).click();
    await again.getByText(/already used/).waitFor();
  }, 120_000);
});
