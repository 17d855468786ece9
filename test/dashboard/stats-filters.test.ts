import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import { seedClicks } from '../helpers/clicks';
import { checkA11y, DOCS_SCREENSHOTS, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';
import { signedIn } from './links-fixtures';

/** Filtered analytics in Chromium: a click on a row filters every figure, the filter lives in the address, chips remove it. */
warnIfNoChromium('stats-filters.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

const DAY = 86_400_000;

/** An owner's workspace with two links: 3 clicks from Germany and 2 from the US this month, 4 more 35 days ago. */
async function workspaceWithClicks() {
  const owner = await signedIn(d, { role: 'owner', width: 1280 });
  const link = async (title: string) =>
    (await d.t.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: { target: 'https://example.com/', title } })).body;
  const launch = await link('Launch post');
  const docs = await link('Docs');
  const now = Date.now();
  await seedClicks(d.t, launch, [
    { country: 'DE', device: 'mobile', referer: 'https://news.ycombinator.com/item' },
    { country: 'DE', device: 'desktop', referer: 'https://news.ycombinator.com/item' },
    { country: 'US', device: 'desktop' },
    { at: new Date(now - 35 * DAY), country: 'DE', device: 'mobile' },
    { at: new Date(now - 35 * DAY), country: 'US', device: 'mobile' },
  ]);
  await seedClicks(d.t, docs, [
    { country: 'DE', device: 'tablet', referer: 'https://twitter.com/x' },
    { country: 'US', device: 'desktop' },
    { at: new Date(now - 40 * DAY), country: 'FR' },
    { at: new Date(now - 40 * DAY), country: 'FR' },
  ]);
  return { ...owner, launch, docs };
}

const card = (page: Page, label: string) =>
  page
    .locator('.card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
/** Waits until the element's text is `text` (figures follow the address once their request is answered). */
const shows = (locator: Locator, text: string) => locator.filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();

describe.skipIf(skipBrowser)('filtered analytics', () => {
  test('overview: filter by a country by clicking it, reload the shared address and see the same view, remove the chip', async () => {
    const { page, workspaceId } = await workspaceWithClicks();
    await page.goto(d.appUrl(`/w/${workspaceId}`));
    const countries = page.getByRole('region', { name: 'Top countries' });
    await countries.getByRole('button', { name: 'Filter by Germany (DE)' }).waitFor();
    await shows(card(page, 'Clicks, all time'), '9');
    // the previous 30 days had 4 clicks, these 30 days 5
    await shows(card(page, 'Clicks, last 30 days'), '5+25% compared with the previous period (4)');

    await countries.getByRole('button', { name: 'Filter by Germany (DE)' }).click();
    const chips = page.getByRole('region', { name: 'Active filters' });
    await chips.getByRole('button', { name: 'Remove filter Country: Germany (DE)' }).waitFor();
    expect(new URL(page.url()).searchParams.get('filter')).toBe('country:DE');
    const filtered = async () => {
      await shows(card(page, 'Clicks, all time'), '4');
      await shows(card(page, 'Clicks, last 30 days'), '3+200% compared with the previous period (1)');
      // every chart and table of the page follows the filter
      await expect(countries.getByRole('row').count()).resolves.toBe(2);
      await expect(page.getByRole('region', { name: 'Top devices' }).getByRole('button').allTextContents()).resolves.toEqual([
        // Germany: 2 mobile (one 35 days ago), 1 desktop, 1 tablet
        'Filter by mobile',
        'Filter by desktop',
        'Filter by tablet',
      ]);
      await expect(
        page.getByRole('img', { name: /Clicks per day, last 30 days\. 3 clicks from .*previous period \(dashed line\): 1 click\./ }).count(),
      ).resolves.toBe(1);
    };
    await filtered();
    await checkA11y(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'overview-filtered', DOCS_SCREENSHOTS);
    // at 375 px nothing scrolls sideways (once the chart has followed the resize)
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 375);
    await page.setViewportSize({ width: 1280, height: 800 });

    // the address is the view: reloading it (or opening it from a shared link) shows the same
    const shared = page.url();
    await page.reload();
    await chips.getByRole('button', { name: 'Remove filter Country: Germany (DE)' }).waitFor();
    await filtered();
    await page.goto(d.appUrl(`/w/${workspaceId}/links`));
    await page.goto(shared);
    await filtered();

    // a second filter narrows further; the referrer's row filters too
    await page.getByRole('region', { name: 'Top referrers' }).getByRole('button', { name: 'Filter by news.ycombinator.com' }).click();
    await chips.getByRole('button', { name: 'Remove filter Referrer: news.ycombinator.com' }).waitFor();
    expect(new URL(page.url()).searchParams.get('filter')).toBe('country:DE,referrer:news.ycombinator.com');
    await shows(card(page, 'Clicks, all time'), '2');

    await chips.getByRole('button', { name: 'Remove filter Country: Germany (DE)' }).click();
    await chips.getByRole('button', { name: 'Remove filter Country: Germany (DE)' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('filter')).toBe('referrer:news.ycombinator.com');
    await page.getByRole('button', { name: 'Remove filter Referrer: news.ycombinator.com' }).click();
    await chips.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('filter')).toBe(false);
    await shows(card(page, 'Clicks, all time'), '9');
  }, 60_000);

  test("a link's analytics: a row filters every breakdown and the chart, beside the previous period", async () => {
    const { page, workspaceId, launch } = await workspaceWithClicks();
    await page.goto(d.appUrl(`/w/${workspaceId}`));
    await page.getByRole('region', { name: 'Top links' }).getByRole('button', { name: 'Filter by Launch post' }).click();
    await shows(page.getByRole('region', { name: 'Active filters' }).getByRole('listitem'), 'Link: Launch post×');
    await shows(card(page, 'Clicks, all time'), '5');

    await page.goto(d.appUrl(`/w/${workspaceId}/links/${launch.id}/analytics`));
    const devices = page.getByRole('region', { name: 'Devices' });
    await devices.getByRole('button', { name: 'Filter by desktop' }).click();
    await page.getByRole('button', { name: 'Remove filter Device: desktop' }).waitFor();
    const range = page.locator('.card').first().locator('dd');
    await shows(range, '2none in the previous period');
    await expect(page.getByRole('region', { name: 'Countries' }).getByRole('button').allTextContents()).resolves.toEqual([
      'Filter by Germany (DE)',
      'Filter by United States (US)',
    ]);
    await checkA11y(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'link-analytics-filtered', DOCS_SCREENSHOTS);
    await page.reload();
    await page.getByRole('button', { name: 'Remove filter Device: desktop' }).waitFor();
    await shows(range, '2none in the previous period');
  }, 60_000);
});
