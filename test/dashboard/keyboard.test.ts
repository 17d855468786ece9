import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { mailedLink, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';

/** The main journey with the keyboard only: sign in, switch workspace, open a link's analytics. */
warnIfNoChromium('dashboard keyboard');

let d: Dashboard;
const email = `keys-${crypto.randomUUID().slice(0, 8)}@example.com`;
let first: { workspaceId: string; key: string };
let second: { workspaceId: string; key: string };

beforeAll(async () => {
  if (skipBrowser) return;
  d = await startDashboard();
  first = await d.t.bootstrap({ email, plan: 'pro' });
  second = await d.t.bootstrap({ email, plan: 'pro' });
  await d.t.api('PATCH', `/workspaces/${first.workspaceId}`, { key: first.key, body: { name: 'First team' } });
  await d.t.api('PATCH', `/workspaces/${second.workspaceId}`, { key: second.key, body: { name: 'Second team' } });
  const link = await d.t.api('POST', `/workspaces/${second.workspaceId}/links`, {
    key: second.key,
    body: { target: 'https://example.com/k', title: 'Keyboard link' },
  });
  expect(link.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await d?.close();
});

/** What a screen reader would call the focused element (label, aria-label or text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
    return (el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
  });

/** Presses Tab until the focused element's name matches (40 presses at most). */
async function tabTo(page: Page, name: RegExp) {
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const current = await focusedName(page);
    if (name.test(current)) return;
    seen.push(current);
  }
  throw new Error(`Tab never reached ${name}; focus went through: ${seen.join(' | ')}`);
}

describe.skipIf(skipBrowser)('keyboard only', () => {
  test('sign in, switch workspace, open a link analytics page', async () => {
    const { page } = await d.newPage();
    await page.goto(d.appUrl());
    await page.waitForURL(d.appUrl('/sign-in'));
    await tabTo(page, /^E-mail$/);
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();

    await page.goto(await mailedLink(d, email, 'sign-in'));
    await tabTo(page, /^Sign in$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/w\//);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    // /app opened the first workspace; switch to the second
    expect(page.url()).toBe(d.appUrl(`/w/${first.workspaceId}`));
    await tabTo(page, /^Workspace: First team/);
    await page.keyboard.press('Enter');
    await tabTo(page, /^Second team/);
    await page.keyboard.press('Enter');
    await page.waitForURL(d.appUrl(`/w/${second.workspaceId}`));
    await page.getByRole('link', { name: 'Keyboard link' }).waitFor();
    // focus moved to the new page's heading, so the next Tab starts from its content
    expect(await focusedName(page)).toBe('Overview');

    // the overview's top-link row: its name filters the page, its Analytics link opens the link's page
    await tabTo(page, /^Analytics of Keyboard link/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/links\/[^/]+\/analytics$/);
    await page.getByRole('heading', { name: 'Analytics: Keyboard link' }).waitFor();
    // the range picker works from the keyboard too
    await tabTo(page, /^Last 7 days$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('img', { name: /^Clicks per day, .* No clicks/ }).waitFor();
  });
});
