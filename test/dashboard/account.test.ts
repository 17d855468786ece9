import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { addMember, ensureUser } from '../../modules/members/service';
import { checkA11y, screenshot, signIn, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';

/** The Account page in a real Chromium: the person, their open sessions from two browsers, one signed out, then every one. */
warnIfNoChromium('dashboard account');

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
let d: Dashboard;

beforeAll(async () => {
  if (skipBrowser) return;
  d = await startDashboard();
}, 60_000);
afterAll(async () => {
  await d?.close();
});

/** A second browser: its own cookies and a Firefox-on-Windows User-Agent. */
async function otherBrowser(): Promise<Page> {
  const context = await d.browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: FIREFOX_WINDOWS });
  context.setDefaultTimeout(10_000);
  return context.newPage();
}

/** How many sessions the page lists, once the list has loaded. */
async function sessionCount(page: Page) {
  const list = page.getByRole('list', { name: 'Open sessions' });
  await list.waitFor();
  return list.getByRole('listitem').count();
}

/** The next request of a signed-out browser leads to the sign-in page. */
async function expectSignedOut(page: Page, path: string) {
  await page.goto(d.appUrl(path));
  await page.waitForURL(d.appUrl('/sign-in'));
  await page.getByLabel('E-mail').waitFor();
}

describe.skipIf(skipBrowser)('account page', () => {
  test('two browsers: both sessions listed, the other one signed out from here, then sign out everywhere', async () => {
    const email = `account-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { workspaceId } = await d.t.bootstrap({ email, plan: 'pro', name: 'Ada Lovelace' });
    const { page, cspViolations } = await d.newPage();
    await signIn(d, page, email);
    const other = await otherBrowser();
    await signIn(d, other, email);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    const you = page.getByRole('region', { name: 'You' });
    await expect(you.getByText('Ada Lovelace').isVisible()).resolves.toBe(true);
    await expect(you.getByText(email).isVisible()).resolves.toBe(true);
    expect(await sessionCount(page)).toBe(2);
    const here = page.getByRole('listitem', { name: 'Chrome on Linux (this browser)' });
    await expect(here.getByText('This browser').isVisible()).resolves.toBe(true);
    await expect(here.getByRole('button').count()).resolves.toBe(0); // this browser signs out from the header
    const firefox = page.getByRole('listitem', { name: 'Firefox on Windows' });
    await expect(firefox.getByText(FIREFOX_WINDOWS).isVisible()).resolves.toBe(true);
    await expect(firefox.innerText()).resolves.toMatch(/Signed in .+ · last seen .+/);
    await checkA11y(page);
    await screenshot(page, 'account', DOCS_SCREENSHOTS);

    await firefox.getByRole('button', { name: /^Sign out Firefox on Windows, signed in / }).click();
    await page.getByRole('listitem', { name: 'Firefox on Windows' }).waitFor({ state: 'detached' });
    expect(await sessionCount(page)).toBe(1);
    await expectSignedOut(other, `/w/${workspaceId}/links`);
    // this browser is still signed in
    await page.reload();
    expect(await sessionCount(page)).toBe(1);

    await signIn(d, other, email);
    await page.reload();
    expect(await sessionCount(page)).toBe(2);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(d.appUrl('/sign-in'));
    await expectSignedOut(page, `/w/${workspaceId}/account`);
    await expectSignedOut(other, `/w/${workspaceId}/account`);
    expect(cspViolations).toEqual([]);
  });

  for (const role of ['viewer', 'editor', 'admin'] as const) {
    test(`${role === 'viewer' ? 'a' : 'an'} ${role} sees the same page for their own account, and only their own sessions`, async () => {
      const ownerEmail = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const { workspaceId } = await d.t.bootstrap({ email: ownerEmail, plan: 'team' });
      const memberEmail = `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const member = await ensureUser(d.t.deps.db, memberEmail, null, { proven: true });
      await addMember(d.t.deps.db, workspaceId, member.id, role);
      const owner = await otherBrowser();
      await signIn(d, owner, ownerEmail);

      const { page } = await d.newPage({ width: 375 });
      await signIn(d, page, memberEmail);
      await page.goto(d.appUrl(`/w/${workspaceId}/account`));
      const you = page.getByRole('region', { name: 'You' });
      await you.getByText(memberEmail).waitFor();
      await expect(you.getByText('Not set').isVisible()).resolves.toBe(true); // no name given
      expect(await sessionCount(page)).toBe(1);
      await expect(page.getByRole('listitem', { name: 'Chrome on Linux (this browser)' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Sign out everywhere' }).isVisible()).resolves.toBe(true);
      await checkA11y(page);
      // the owner's session is untouched by anything here, and listed only on the owner's page
      await owner.goto(d.appUrl(`/w/${workspaceId}/account`));
      expect(await sessionCount(owner)).toBe(1);
      await expect(owner.getByRole('listitem', { name: 'Firefox on Windows (this browser)' }).isVisible()).resolves.toBe(true);
    });
  }
});
