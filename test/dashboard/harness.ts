import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'bun:test';
import { hasChromium, launchChromium } from '../helpers/browser';
import { startTestApp, type TestApp } from '../helpers/app';
import { startSmtpSink } from '../members/smtp-sink';

export const skipBrowser = !hasChromium;

/** Call at the top of a browser test file: says why its tests skip where Chromium is missing. */
export function warnIfNoChromium(file: string) {
  if (skipBrowser) console.warn(`${file}: skipped — /usr/bin/chromium missing (apt-get install -y chromium)`);
}

export const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

export interface Dashboard {
  t: TestApp;
  mail: Awaited<ReturnType<typeof startSmtpSink>>;
  browser: Browser;
  /** `{SITE_URL}/app…` */
  appUrl(path?: string): string;
  /** a fresh browser context (own cookies) with a page, browser-like User-Agent, CSP violations recorded */
  newPage(opts?: { width?: number }): Promise<{ context: BrowserContext; page: Page; cspViolations: string[] }>;
  close(): Promise<void>;
}

/**
 * A listening app with the SMTP sink as its mail server (mail workers running when the queue is
 * BullMQ) and a Chromium that resolves the site and the short domain to it, keeping real Hosts.
 */
export async function startDashboard(opts: { env?: Record<string, string> } = {}): Promise<Dashboard> {
  const mail = await startSmtpSink();
  const t = await startTestApp({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Linkhop <mailer@linkhop.test>', ...opts.env } });
  if (t.deps.queue.kind === 'bullmq') await t.deps.queue.startWorkers(['mail', 'clicks']);
  const port = Number(new URL(await t.listen()).port);
  const browser = await launchChromium({ [new URL(t.config.siteUrl).hostname]: port, [t.config.defaultDomain]: port });
  const contexts: BrowserContext[] = [];
  return {
    t,
    mail,
    browser,
    appUrl: (path = '') => `${t.config.siteUrl}/app${path}`,
    async newPage({ width = 1280 } = {}) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 800 }, userAgent: DESKTOP_UA });
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const page = await context.newPage();
      const cspViolations: string[] = [];
      await page.exposeBinding('__reportCsp', (_source, text: string) => void cspViolations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => (window as any).__reportCsp(`${e.violatedDirective} ${e.blockedURI}`));
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
      });
      return { context, page, cspViolations };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => {});
      await browser.close();
      await t.close();
      await mail.close();
    },
  };
}

/** The newest `{SITE_URL}/app/…#token=…` link mailed to `email` of the given kind, waiting up to 10 s. */
export async function mailedLink(d: Dashboard, email: string, kind: 'sign-in' | 'invite', after = 0): Promise<string> {
  const pattern = new RegExp(`${d.t.config.siteUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/app/${kind}#token=[A-Za-z0-9_-]+`);
  for (let waited = 0; waited < 10_000; waited += 50) {
    const found = d.mail
      .to(email)
      .slice(after)
      .map((m) => pattern.exec(m.text)?.[0])
      .filter(Boolean);
    if (found.length) return found.at(-1)!;
    await Bun.sleep(50);
  }
  throw new Error(`no ${kind} link mailed to ${email} within 10 s`);
}

/** Signs in as a person would: asks for a link by e-mail, opens the mailed link, presses "Sign in". */
export async function signIn(d: Dashboard, page: Page, email: string) {
  const before = d.mail.to(email).length;
  await page.goto(d.appUrl());
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
  await page.goto(await mailedLink(d, email, 'sign-in', before));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/app\/w\//);
}

/** axe-core on the page as it is now: no serious or critical violation. */
export async function checkA11y(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  expect({ url: page.url(), violations: bad }).toEqual({ url: page.url(), violations: [] });
}

const SCREENSHOTS = new URL('./screenshots', import.meta.url).pathname;
/** Where the docs' screenshots live (docs/dashboard.md shows them): pass it to `screenshot` for a page the docs show. */
export const DOCS_SCREENSHOTS = new URL('../../docs/screenshots', import.meta.url).pathname;

/**
 * The page (its viewport) at 1280 px and at 375 px, into test/dashboard/screenshots/ (git-ignored) or `dir`;
 * `show`: a part of the page scrolled into view at each width (a resize moves it).
 */
export async function screenshot(page: Page, name: string, dir = SCREENSHOTS, show?: Locator) {
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const [label, width, height] of [
    ['wide', 1280, 800],
    ['375', 375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150); // the chart redraws on resize
    await show?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${label}.png` });
  }
  if (original) await page.setViewportSize(original);
}
