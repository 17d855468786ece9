import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { flushClicks } from '../../modules/clicks/recorder';
import { checkA11y, mailedLink, signIn, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';

/** The main journey in a real Chromium: sign in by the mailed link, overview, a visit in the analytics, sign out. */
warnIfNoChromium('dashboard journey');

let d: Dashboard;
/** a target the browser can reach in this closed network: the site's own health check */
let TARGET: string;
let owner: { email: string; workspaceId: string; key: string };

beforeAll(async () => {
  if (skipBrowser) return;
  d = await startDashboard();
  TARGET = `${d.t.config.siteUrl}/healthz`;
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  owner = { email, ...(await d.t.bootstrap({ email, plan: 'pro', name: 'Ada Owner' })) };
}, 60_000);
afterAll(async () => {
  await d?.close();
});

/** Someone with a Pro workspace of their own (sign-in links are limited to 5 per address and 15 minutes). */
async function newOwner() {
  const email = `person-${crypto.randomUUID().slice(0, 8)}@example.com`;
  return { email, ...(await d.t.bootstrap({ email, plan: 'pro' })) };
}

/** Visits a short link the way a person's browser does (a browser User-Agent, so not a bot), following it to its target. */
async function visitShortLink(page: Page, shortUrl: string) {
  const landed = await page.goto(shortUrl);
  expect(landed?.url()).toBe(TARGET);
  await flushClicks(d.t.deps);
}

describe.skipIf(skipBrowser)('dashboard journey', () => {
  test('signed out, /app and every client route lead to the sign-in page', async () => {
    const { page, cspViolations } = await d.newPage();
    for (const path of ['', `/w/${owner.workspaceId}`, `/w/${owner.workspaceId}/links/x/analytics`]) {
      await page.goto(d.appUrl(path));
      await page.waitForURL(d.appUrl('/sign-in'));
      await expect(page.getByLabel('E-mail').isVisible()).resolves.toBe(true);
    }
    await checkA11y(page);
    expect(cspViolations).toEqual([]);
  });

  test('the sign-in page says a link was sent, the same for an unknown address, and only a known one gets mail', async () => {
    const { page } = await d.newPage();
    const messages: string[] = [];
    for (const email of [owner.email, `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`]) {
      await page.goto(d.appUrl('/sign-in'));
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send sign-in link' }).click();
      const notice = page.getByRole('status').filter({ hasText: 'Check your mail' });
      await notice.waitFor();
      messages.push((await notice.innerText()).replace(email, '<address>'));
    }
    await checkA11y(page);
    expect(messages[0]).toBe(messages[1]!);
    expect(messages[0]).toContain('sign-in link');
    await mailedLink(d, owner.email, 'sign-in');
    await Bun.sleep(300);
    expect(d.mail.received.filter((m) => m.recipients.some((r) => r.startsWith('nobody-')))).toEqual([]);
  });

  test('too many requests for one address: the 429 is stated clearly', async () => {
    const { page } = await d.newPage();
    const email = `limited-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.goto(d.appUrl('/sign-in'));
    let alert = '';
    for (let i = 0; i < 8 && !alert; i++) {
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send sign-in link' }).click();
      const done = await Promise.race([
        page
          .getByRole('heading', { name: 'Check your mail' })
          .waitFor()
          .then(() => 'sent'),
        page
          .getByRole('alert')
          .waitFor()
          .then(() => 'alert'),
      ]);
      if (done === 'alert') alert = await page.getByRole('alert').innerText();
      else await page.getByRole('button', { name: 'Use another address' }).click();
    }
    expect(alert).toMatch(/^Too many sign-in requests\. Try again in \d+ seconds\.$/);
  });

  test('a used sign-in link says it has expired or was used, and offers a new one', async () => {
    const { page } = await d.newPage();
    await signIn(d, page, owner.email);
    const used = await mailedLink(d, owner.email, 'sign-in');
    const { page: other } = await d.newPage();
    await other.goto(used);
    await other.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(other.url()).toBe(d.appUrl('/sign-in')); // the token left the address bar
    await checkA11y(other);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.getByRole('alert').filter({ hasText: 'This sign-in link has expired or was already used' }).waitFor();
    await expect(other.getByLabel('E-mail').isVisible()).resolves.toBe(true);
  });

  test('sign in by the mailed link, see the overview, a visit appears in the analytics, sign out', async () => {
    const created = await d.t.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: { target: TARGET, title: 'Journey link' } });
    expect(created.status).toBe(201);
    const { page, cspViolations } = await d.newPage();

    await signIn(d, page, owner.email);
    expect(page.url()).toBe(d.appUrl(`/w/${owner.workspaceId}`));
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const totals = page.locator('dl.cards');
    await totals.getByText('Links', { exact: true }).waitFor();
    await expect(page.getByRole('img', { name: /Clicks per day, last 30 days\. No clicks/ }).count()).resolves.toBe(1);
    await checkA11y(page);

    const visitor = await d.newPage();
    await visitShortLink(visitor.page, created.body.short_url);

    await page.reload();
    await page.getByRole('img', { name: /Clicks per day, last 30 days\. 1 click from/ }).waitFor();
    await page.getByRole('link', { name: /Journey link/ }).click();
    await page.waitForURL(d.appUrl(`/w/${owner.workspaceId}/links/${created.body.id}/analytics`));
    await page.getByRole('heading', { name: 'Analytics: Journey link' }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByRole('img', { name: new RegExp(`1 click from .* busiest day ${today} with 1 click`) }).waitFor();
    // the text alternative carries the same figure
    await page.getByText('as a table').click();
    await expect(page.getByRole('row', { name: `${today} 1` }).count()).resolves.toBe(1);
    await expect(page.getByRole('region', { name: 'Browsers' }).getByRole('row', { name: 'Chrome 1' }).count()).resolves.toBe(1);
    await checkA11y(page);

    // a range without the visit
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByRole('button', { name: 'Show range' }).click();
    await page.getByRole('img', { name: 'Clicks per day, 2020-01-01 to 2020-01-31. No clicks from 2020-01-01 to 2020-01-31.' }).waitFor();
    expect(new URL(page.url()).search).toBe('?from=2020-01-01&to=2020-01-31');

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(d.appUrl('/sign-in'));
    await page.goto(d.appUrl(`/w/${owner.workspaceId}`));
    await page.waitForURL(d.appUrl('/sign-in'));
    expect(cspViolations).toEqual([]);
  });

  test("on a plan without stats the overview states the API's 402 reason, and the links still show", async () => {
    const person = await newOwner();
    const free = await d.t.bootstrap({ email: person.email, plan: 'free' });
    await d.t.api('PATCH', `/workspaces/${free.workspaceId}`, { key: free.key, body: { name: 'Free corner' } });
    await d.t.api('POST', `/workspaces/${free.workspaceId}/links`, { key: free.key, body: { target: TARGET, title: 'Free link' } });
    const reason = await d.t.api('GET', `/workspaces/${free.workspaceId}/stats/summary`, { key: free.key });
    expect(reason.status).toBe(402);
    const { page, cspViolations } = await d.newPage();
    await signIn(d, page, person.email);
    await page.goto(d.appUrl(`/w/${free.workspaceId}`));
    const notice = page.getByRole('note').filter({ hasText: 'Not on this plan' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain(reason.body.error);
    await page.getByRole('link', { name: 'Free link' }).waitFor();
    await checkA11y(page);
    expect(cspViolations).toEqual([]);
  });

  test("the switcher lists every workspace of the person, an agency's client workspaces under it", async () => {
    const person = await newOwner();
    const agency = await d.t.bootstrap({ email: person.email, plan: 'agency' });
    await d.t.api('PATCH', `/workspaces/${agency.workspaceId}`, { key: agency.key, body: { name: 'Agency HQ' } });
    const client = await d.t.api('POST', `/workspaces/${agency.workspaceId}/clients`, { key: agency.key, body: { name: 'Client Bakery' } });
    expect(client.status).toBe(201);
    const { page } = await d.newPage();
    await signIn(d, page, person.email);
    await page.getByRole('button', { name: /^Workspace:/ }).click();
    const list = page.getByRole('list', { name: 'Your workspaces' });
    const names = await list.getByRole('link').allInnerTexts();
    const agencyAt = names.findIndex((n) => n.startsWith('Agency HQ'));
    expect(names[agencyAt + 1]).toStartWith('Client Bakery\nclient · free · owner');
    await list.getByRole('link', { name: /^Client Bakery/ }).click();
    await page.waitForURL(d.appUrl(`/w/${client.body.id}`));
    await page.getByRole('button', { name: 'Workspace: Client Bakery' }).waitFor();
  });

  test('at 375 px the navigation folds behind "Menu" and still works', async () => {
    const person = await newOwner();
    const { page } = await d.newPage({ width: 375 });
    await signIn(d, page, person.email);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Links' });
    await expect(links.isVisible()).resolves.toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: /^Workspace:/ }).click();
    await checkA11y(page);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await links.click();
    await page.waitForURL(d.appUrl(`/w/${person.workspaceId}/links`));
    await expect(links.isVisible()).resolves.toBe(false); // folded again after moving
  });

  test('"Sign out everywhere" ends the sessions of other browsers too; "Sign out" on one of them still signs out, without an error', async () => {
    const person = await newOwner();
    const first = await d.newPage();
    const second = await d.newPage();
    const third = await d.newPage();
    for (const { page } of [first, second, third]) await signIn(d, page, person.email);
    await first.page.getByRole('button', { name: /^Signed in as/ }).click();
    await first.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await first.page.waitForURL(d.appUrl('/sign-in'));
    await second.page.reload();
    await second.page.waitForURL(d.appUrl('/sign-in'));
    // the third page has not asked the server since: its sign-out meets 401 (no session to end)
    await third.page.getByRole('button', { name: /^Signed in as/ }).click();
    await third.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await third.page.waitForURL(d.appUrl('/sign-in'));
    await expect(third.page.getByText('Could not sign out').count()).resolves.toBe(0);
  });
});
