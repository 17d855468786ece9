import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import { seedClicks } from '../helpers/clicks';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';
import { signedIn } from './links-fixtures';
import { widthAt375 } from './narrow';

/** Issue 40's dashboard polish: the overview's date range and UTM breakdown, and the frame's small faults. */
warnIfNoChromium('overview-polish.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** An owner's workspace: a newsletter link (UTM source/medium/campaign) with 2 clicks today and 1 twenty days ago, a plain link with 1 today. */
async function workspaceWithUtmClicks(width = 1280) {
  const owner = await signedIn(d, { role: 'owner', width });
  const link = async (body: Record<string, unknown>) =>
    (await d.t.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: { target: 'https://example.com/', ...body } })).body;
  const letter = await link({ title: 'Newsletter', utm_params: { source: 'newsletter', medium: 'email', campaign: 'spring' } });
  // a long title: where "Clicks" could break, the label column wants all the room
  const plain = await link({ title: 'A plain link whose title is long enough to fill the whole label column of the top links table' });
  await seedClicks(d.t, letter, [{ country: 'DE' }, { country: 'DE' }, { at: new Date(Date.now() - 20 * DAY), country: 'US' }]);
  await seedClicks(d.t, plain, [{ country: 'FR' }]);
  return owner;
}

/** How many lines the element's text takes (1: it does not wrap). */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  });

const tableOf = (page: Page, region: string) => page.getByRole('region', { name: region }).getByRole('table');

describe.skipIf(skipBrowser)('overview polish', () => {
  test('a date range (preset or from/to) lives in the address and narrows the chart and breakdowns; the UTM breakdown shows and filters', async () => {
    const { page, workspaceId } = await workspaceWithUtmClicks();
    await page.goto(d.appUrl(`/w/${workspaceId}`));
    const utm = page.getByRole('region', { name: 'UTM breakdown' });
    // unranged: all time; the link without UTM counts under "None sent"
    await utm.getByRole('button', { name: 'Filter by newsletter' }).waitFor();
    const utmRows = () =>
      utm
        .getByRole('table')
        .first()
        .getByRole('row')
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').replace('Filter by ', '').trim()));
    await expect(utmRows()).resolves.toEqual(['UTM source Clicks', 'newsletter 3', 'None sent 1']);
    await page.getByRole('heading', { name: 'Clicks per day, last 30 days' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'overview-range-utm');
    expect(await widthAt375(page)).toBeLessThanOrEqual(375);

    // a preset: the last 7 days, in the address; the click of 20 days ago leaves the breakdown
    const range = page.getByRole('form', { name: 'Date range' });
    await range.getByRole('button', { name: 'Last 7 days' }).click();
    const from7 = isoDay(Date.now() - 6 * DAY);
    const today = isoDay(Date.now());
    await page.waitForURL((url) => url.searchParams.get('from') === from7 && url.searchParams.get('to') === today);
    await page.getByRole('heading', { name: `Clicks per day, ${from7} to ${today}` }).waitFor();
    await utm.getByRole('row', { name: /newsletter 2$/ }).waitFor();
    await expect(utmRows()).resolves.toEqual(['UTM source Clicks', 'newsletter 2', 'None sent 1']);

    // from/to typed: only the day of the old click; a reload of the shared address shows the same
    const old = isoDay(Date.now() - 20 * DAY);
    await range.getByLabel('From', { exact: true }).fill(old);
    await range.getByLabel('To', { exact: true }).fill(old);
    await range.getByRole('button', { name: 'Show range' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === old && url.searchParams.get('to') === old);
    await page.reload();
    await page.getByRole('heading', { name: `Clicks per day, ${old} to ${old}` }).waitFor();
    await page.getByRole('img', { name: new RegExp(`1 click from ${old} to ${old}`) }).waitFor();
    // a day of 1 click: the y-axis steps are whole clicks (0, 1), never 0.5 (looked at: the canvas has no text to query)
    await page.getByRole('img', { name: /^Clicks per day/ }).screenshot({ path: new URL('./screenshots/chart-one-click.png', import.meta.url).pathname });
    await utm.getByRole('row', { name: /newsletter 1$/ }).waitFor();
    await expect(utmRows()).resolves.toEqual(['UTM source Clicks', 'newsletter 1']);

    // a UTM row filters the page, like the other breakdowns
    await utm.getByRole('button', { name: 'Filter by newsletter' }).first().click();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'utm_source:newsletter');
    await checkA11y(page);
  }, 90_000);

  test('the "Clicks" header never breaks mid-word, at 1280 and at 375 px', async () => {
    const { page, workspaceId } = await workspaceWithUtmClicks();
    await page.goto(d.appUrl(`/w/${workspaceId}`));
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const region of ['Top links', 'Top countries']) {
        const header = tableOf(page, region).getByRole('columnheader', { name: 'Clicks' });
        await header.waitFor();
        expect({ width, region, lines: await linesOf(header) }).toEqual({ width, region, lines: 1 });
      }
    }
  }, 60_000);

  test('after navigation focus is on the h1 (for screen readers) with no ring drawn; "Account" once in the sidebar', async () => {
    const { page, workspaceId } = await workspaceWithUtmClicks();
    await page.goto(d.appUrl(`/w/${workspaceId}`));
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    // by keyboard (where Chromium would draw a focus-visible ring on script focus)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Links', exact: true }).focus();
    await page.keyboard.press('Enter');
    const h1 = page.getByRole('heading', { name: 'Links', level: 1 });
    await h1.waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await h1.evaluate((el) => ({ focused: document.activeElement === el, outline: getComputedStyle(el).outlineStyle }))).toEqual({
      focused: true,
      outline: 'none',
    });
    // a control still shows its ring
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');

    expect(await page.locator('#sidebar').getByText('Account', { exact: true }).count()).toBe(1);
  }, 60_000);

  test('the account menu fits a 1280 × 900 window', async () => {
    const { page, workspaceId } = await workspaceWithUtmClicks();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(d.appUrl(`/w/${workspaceId}`));
    await page.getByRole('button', { name: /^Signed in as/ }).click();
    const everywhere = page.getByRole('button', { name: 'Sign out everywhere' });
    await everywhere.waitFor();
    const box = (await everywhere.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    // nothing covers it: the point at its centre is the button
    expect(
      await everywhere.evaluate((button) => {
        const r = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    ).toBe(true);
    await checkA11y(page);
    await page.screenshot({ path: new URL('./screenshots/account-menu-900.png', import.meta.url).pathname });
  }, 60_000);
});
