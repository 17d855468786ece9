import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { featureMessage, type Plan } from '../../core/plans';
import { seedClicks } from '../helpers/clicks';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { signedIn, toastSays } from './links-fixtures';
import { sessionFetch } from './session-api';

/** Portfolios: create, add links, order them, colours and toggles with a live preview, the public URL, delete; by role and plan. */
warnIfNoChromium('portfolios.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

const portfoliosUrl = (wsId: string) => d.appUrl(`/w/${wsId}/portfolios`);
const siteHost = () => new URL(d.t.config.siteUrl).host;
const publicPage = async (slug: string) => (await d.t.request(`/p/${slug}`, { host: siteHost() })).text();

/** Links made through the API (as a program would), with a few clicks for realistic counts. */
async function seedLinks(key: string, wsId: string, titles: string[]) {
  const links = [];
  for (const [i, title] of titles.entries()) {
    const res = await d.t.api('POST', `/workspaces/${wsId}/links`, {
      key,
      body: { target: `https://example.com/${title.toLowerCase().replace(/\W+/g, '-')}`, title },
    });
    expect(res.status).toBe(201);
    await seedClicks(
      d.t,
      res.body,
      Array.from({ length: (i + 1) * 3 }, () => ({})),
    );
    links.push(res.body as { id: string; short_url: string; title: string });
  }
  return links;
}

async function portfolioWith(key: string, wsId: string, name: string, linkIds: string[]) {
  const res = await d.t.api('POST', `/workspaces/${wsId}/portfolios`, { key, body: { name, description: 'Our favourite links this season' } });
  expect(res.status).toBe(201);
  if (linkIds.length) await d.t.api('POST', `/workspaces/${wsId}/portfolios/${res.body.id}/links`, { key, body: { link_ids: linkIds } });
  return res.body as { id: string; slug: string };
}

const orderOf = async (key: string, wsId: string, id: string) =>
  (await d.t.api('GET', `/workspaces/${wsId}/portfolios/${id}`, { key })).body.links.map((l: { title: string }) => l.title);
const linkList = (page: Page) => page.getByRole('list', { name: 'Links in their public order' });
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' });
/** Waits (up to 10 s) until the page lists the portfolio's links in `titles` order. */
async function listed(page: Page, titles: string[]) {
  let shown: string[] = [];
  for (let waited = 0; waited < 10_000; waited += 100) {
    shown = await linkList(page).getByRole('listitem').locator('strong').allTextContents();
    if (shown.join('\n') === titles.join('\n')) break;
    await Bun.sleep(100);
  }
  expect(shown).toEqual(titles);
}
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

describe.skipIf(skipBrowser)('portfolios pages', () => {
  test('owner: creates a portfolio, adds links found by search, orders them by keyboard, styles it with a live preview, copies the public URL, deletes it', async () => {
    const { page, cspViolations, workspaceId, key } = await signedIn(d, { plan: 'pro', role: 'owner' });
    await seedLinks(key!, workspaceId, ['Spring sale', 'Docs', 'Blog <news>', 'Careers']);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolios' }).click();
    await page.getByRole('heading', { name: 'No portfolios yet' }).waitFor();
    await checkA11y(page);

    // a taken or malformed address is the API's message under the Address field
    await page.getByLabel('Name', { exact: true }).fill('Spring <picks>');
    await page.getByLabel('Address').fill('Spring Picks');
    await page.getByRole('button', { name: 'Create portfolio' }).click();
    await page.getByText('Invalid slug format: use lowercase letters, digits, hyphens and underscores').waitFor();
    await page.getByLabel('Address').fill(`spring-${process.pid}`);
    await page.getByRole('button', { name: 'Create portfolio' }).click();
    await page.getByRole('heading', { name: 'Spring <picks>', level: 1 }).waitFor();
    const portfolioId = new URL(page.url()).pathname.split('/').at(-1)!;
    const slug = `spring-${process.pid}`;
    const url = `${d.t.config.siteUrl}/p/${slug}`;
    await page.getByText(url.replace(/^https?:\/\//, '')).waitFor();
    expect(await page.getByRole('link', { name: 'Open the public page (new tab)' }).getAttribute('href')).toBe(url);
    await page.getByRole('button', { name: 'Copy public page address' }).click();
    await toastSays(page, `Copied ${url}`);
    await preview(page).getByText('No links yet.').waitFor();

    // add: search narrows the workspace's links; three are ticked and added in one request
    await page.getByRole('checkbox', { name: /^Spring sale/ }).waitFor();
    for (const [query, name] of [
      ['docs', /^Docs/],
      ['news', /^Blog <news>/],
      ['careers', /^Careers/],
    ] as const) {
      await page.getByLabel('Find links').fill(query);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('group', { name: `Links matching “${query}”` }).waitFor();
      expect(await page.getByRole('checkbox', { name: /^Spring sale/ }).count()).toBe(0);
      // ticks are kept across searches
      await page.getByRole('checkbox', { name }).check();
    }
    await page.getByRole('button', { name: 'Add 3 links' }).click();
    await toastSays(page, 'Added 3 links at the end of the portfolio');
    await linkList(page).getByRole('listitem').nth(2).waitFor();
    expect(await orderOf(key!, workspaceId, portfolioId)).toEqual(['Docs', 'Blog <news>', 'Careers']);
    await page.getByRole('checkbox', { name: /^Careers \(already in the portfolio\)/ }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^Careers/ }).isDisabled()).toBe(true);

    // order by keyboard: focus stays on the moved link's button, the API and the public page follow
    await page.getByRole('button', { name: 'Move down Docs' }).focus();
    await page.keyboard.press('Enter');
    await toastSays(page, 'Moved “Docs” to position 2 of 3');
    await listed(page, ['Blog <news>', 'Docs', 'Careers']);
    expect(await focusedName(page)).toBe('Move down Docs');
    await page.keyboard.press('Enter');
    await listed(page, ['Blog <news>', 'Careers', 'Docs']);
    // at the end "Move down" is disabled: the focus moves to the same link's "Move up"
    expect(await focusedName(page)).toBe('Move up Docs');
    expect(await orderOf(key!, workspaceId, portfolioId)).toEqual(['Blog <news>', 'Careers', 'Docs']);
    await page.keyboard.press('Enter');
    await toastSays(page, 'Moved “Docs” to position 2 of 3');
    await listed(page, ['Blog <news>', 'Docs', 'Careers']);
    expect(await focusedName(page)).toBe('Move up Docs');
    expect(await orderOf(key!, workspaceId, portfolioId)).toEqual(['Blog <news>', 'Docs', 'Careers']);
    expect(await publicPage(slug)).toMatch(/Blog &lt;news&gt;[\s\S]*Docs[\s\S]*Careers/);

    // the preview follows the form before it is saved
    const items = preview(page).getByRole('listitem');
    expect(await items.allTextContents()).toEqual([
      expect.stringMatching(/^Blog <news>.*9 clicks$/),
      expect.stringMatching(/Docs.*6 clicks$/),
      expect.stringMatching(/Careers.*12 clicks$/),
    ]);
    await page.getByLabel('Name', { exact: true }).fill('Spring favourites');
    await preview(page).getByRole('heading', { name: 'Spring favourites', level: 3 }).waitFor();
    await page.getByLabel('Click count').uncheck();
    await page.getByLabel('Clicks of the last 7 days').check();
    await preview(page).getByText('9 clicks in the last 7 days').waitFor();
    expect(
      await preview(page)
        .getByText(/^\d+ clicks$/)
        .count(),
    ).toBe(0);
    await page.getByLabel('Background colour', { exact: true }).fill('#102030');
    await page.getByLabel('Text colour', { exact: true }).fill('#fefefe');
    await page.getByLabel('Accent colour', { exact: true }).fill('#ffcc00');
    const previewBox = preview(page).locator('.portfolio-preview');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.portfolio-preview')!).backgroundColor === 'rgb(16, 32, 48)');
    // the accent colours the link buttons, their text black or white (whichever reads)
    expect(await previewBox.evaluate((el) => getComputedStyle(el.querySelector('li')!).backgroundColor)).toBe('rgb(255, 204, 0)');
    expect(await previewBox.evaluate((el) => getComputedStyle(el.querySelector('a')!).color)).toBe('rgb(0, 0, 0)');
    // the picker shows the typed colour, and writes the hex field
    expect(await page.getByLabel('Background colour picker').inputValue()).toBe('#102030');
    await page.getByLabel('Accent colour picker').fill('#ffdd55');
    expect(await page.getByLabel('Accent colour', { exact: true }).inputValue()).toBe('#ffdd55');
    await checkA11y(page);

    // a colour the API refuses: its message under that field, nothing saved
    await page.getByLabel('Text colour', { exact: true }).fill('#fefef');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/must be a hex colour like #1a2b3c/).waitFor();
    expect(await page.getByLabel('Text colour', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/portfolios/${portfolioId}`, { key })).body.name).toBe('Spring <picks>');
    await page.getByLabel('Text colour', { exact: true }).fill('#fefefe');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toastSays(page, 'Portfolio saved; the public page shows it now');
    await page.getByRole('heading', { name: 'Spring favourites', level: 1 }).waitFor();
    const saved = (await d.t.api('GET', `/workspaces/${workspaceId}/portfolios/${portfolioId}`, { key })).body;
    expect(saved).toMatchObject({
      name: 'Spring favourites',
      description: null,
      config: { show_clicks: false, show_trend: true, style: { bg_color: '#102030', text_color: '#fefefe', accent_color: '#ffdd55' } },
    });
    const html = await publicPage(slug);
    expect(html).toContain('<h1>Spring favourites</h1>');
    for (const colour of ['#102030', '#fefefe', '#ffdd55']) expect(html).toContain(colour);
    expect(html).toContain('9 clicks in the last 7 days');
    await page.getByLabel('Bio').fill('Hand-picked for spring');
    await preview(page).getByText('Hand-picked for spring').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toastSays(page, 'Portfolio saved');
    await checkA11y(page);
    // a reload shows the saved state (and no toasts over it)
    await page.reload();
    await preview(page).getByText('Hand-picked for spring').waitFor();
    await screenshot(page, 'portfolio-editor', DOCS_SCREENSHOTS);

    // remove a link: it leaves the portfolio, not the workspace
    await page.getByRole('button', { name: 'Remove Careers' }).click();
    await toastSays(page, 'Removed “Careers” from the portfolio (the link itself remains)');
    await page.getByRole('heading', { name: 'Links (2)' }).waitFor();
    expect(await orderOf(key!, workspaceId, portfolioId)).toEqual(['Blog <news>', 'Docs']);
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/links?q=Careers`, { key })).body.total).toBe(1);

    // the list: two more portfolios for a realistic screenshot
    const docs = (await d.t.api('GET', `/workspaces/${workspaceId}/links?q=Docs`, { key })).body.links[0].id;
    await portfolioWith(key!, workspaceId, 'Press kit', [docs]);
    await portfolioWith(key!, workspaceId, 'Careers page', []);
    await page.getByRole('link', { name: 'All portfolios' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Spring favourites' }) });
    await row.getByRole('button', { name: 'Copy the address of Spring favourites' }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Careers page', 'Press kit', 'Spring favourites']);
    await checkA11y(page);
    await page.reload();
    await row.waitFor();
    await screenshot(page, 'portfolios', DOCS_SCREENSHOTS);

    // delete, after a confirmation naming what stays
    await row.getByRole('link', { name: 'Spring favourites' }).click();
    await page.getByRole('button', { name: 'Delete portfolio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete portfolio “Spring favourites”?' });
    await dialog.getByText('Its 2 links stay in the workspace').waitFor();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/portfolios/${portfolioId}`, { key })).status).toBe(200);
    await page.getByRole('button', { name: 'Delete portfolio' }).click();
    await dialog.getByRole('button', { name: 'Delete portfolio' }).click();
    await toastSays(page, 'Deleted portfolio “Spring favourites”; its links remain');
    await page.getByRole('heading', { name: 'Portfolios', level: 1 }).waitFor();
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/portfolios/${portfolioId}`, { key })).status).toBe(404);
    await page.getByRole('rowheader', { name: 'Press kit' }).waitFor();
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Careers page', 'Press kit']);
    expect(cspViolations).toEqual([]);
  }, 180_000);

  test('roles: a viewer sees the portfolio and its preview only, an editor edits but does not delete, an admin deletes; the API refuses the same', async () => {
    const { workspaceId, key } = await signedIn(d, { plan: 'team', role: 'owner' });
    const [one, two] = await seedLinks(key!, workspaceId, ['One', 'Two']);
    const portfolio = await portfolioWith(key!, workspaceId, 'Team picks', [one!.id, two!.id]);
    const path = `/workspaces/${workspaceId}/portfolios/${portfolio.id}`;
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      const { page, cspViolations, context } = await signedIn(d, { role, workspaceId });
      await page.goto(portfoliosUrl(workspaceId));
      await page.getByRole('link', { name: 'Team picks' }).click();
      await page.getByRole('heading', { name: 'Team picks', level: 1 }).waitFor();
      await preview(page).getByRole('link', { name: 'One' }).waitFor();
      const offered = async (name: string) => (await page.getByRole('button', { name }).count()) > 0;
      expect([role, await offered('Save changes'), await offered('Move down One'), await offered('Remove One'), await offered('Delete portfolio')]).toEqual([
        role,
        role !== 'viewer',
        role !== 'viewer',
        role !== 'viewer',
        role === 'admin',
      ]);
      if (role === 'viewer') {
        await page.getByRole('note').getByText('Your role in this workspace is viewer').waitFor();
        expect(await page.getByLabel('Find links').count()).toBe(0);
        await page.getByRole('link', { name: 'All portfolios' }).click();
        await page.getByRole('rowheader', { name: 'Team picks' }).waitFor();
        expect(await page.getByRole('button', { name: 'Create portfolio' }).count()).toBe(0);
        expect(await sessionFetch(page, 'PATCH', path, { name: 'x' })).toBe(403);
        expect(await sessionFetch(page, 'PUT', `${path}/links/order`, { link_ids: [two!.id, one!.id] })).toBe(403);
        expect(await sessionFetch(page, 'POST', `/workspaces/${workspaceId}/portfolios`, { name: 'x' })).toBe(403);
      }
      if (role === 'editor') {
        expect(await sessionFetch(page, 'DELETE', path)).toBe(403);
        // someone else adds a link meanwhile: the stale order is refused, and the page shows the links as they are
        const [three] = await seedLinks(key!, workspaceId, ['Three']);
        await d.t.api('POST', `${path}/links`, { key, body: { link_ids: [three!.id] } });
        await page.getByRole('button', { name: 'Move down One' }).click();
        await toastSays(page, 'Could not move the link: link_ids must list every link of the portfolio exactly once');
        await listed(page, ['One', 'Two', 'Three']);
      }
      await checkA11y(page);
      expect(cspViolations).toEqual([]);
      await context.close();
    }
    expect(await orderOf(key!, workspaceId, portfolio.id)).toEqual(['One', 'Two', 'Three']);
  }, 180_000);

  test('plans: Free gets the API’s 402 reason instead of the page; Pro’s fourth portfolio is refused with the limit message; Team and Agency create', async () => {
    for (const plan of ['free', 'pro', 'team', 'agency'] as Plan[]) {
      const { page, workspaceId, key, context, cspViolations } = await signedIn(d, { plan, role: 'owner' });
      if (plan === 'pro') for (const name of ['A', 'B', 'C']) await portfolioWith(key!, workspaceId, name, []);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolios' }).click();
      await page.getByRole('heading', { name: 'Portfolios', level: 1 }).waitFor();
      if (plan === 'free') {
        const api = await d.t.api('GET', `/workspaces/${workspaceId}/portfolios`, { key });
        expect(api.status).toBe(402);
        expect(api.body.error).toBe(featureMessage('portfolios'));
        const notice = page.getByRole('note').filter({ has: page.getByRole('heading', { name: 'Not on this plan' }) });
        await notice.getByText(api.body.error).waitFor();
        expect(await page.getByRole('button', { name: 'Create portfolio' }).count()).toBe(0);
      } else {
        await page.getByLabel('Name', { exact: true }).fill(`${plan} page`);
        await page.getByRole('button', { name: 'Create portfolio' }).click();
        if (plan === 'pro') {
          const refused = await d.t.api('POST', `/workspaces/${workspaceId}/portfolios`, { key, body: { name: 'D' } });
          expect(refused.status).toBe(402);
          await page.getByRole('note').getByText(refused.body.error).waitFor();
          expect((await d.t.api('GET', `/workspaces/${workspaceId}/portfolios`, { key })).body.portfolios).toHaveLength(3);
        } else {
          await page.getByRole('heading', { name: `${plan} page`, level: 1 }).waitFor();
        }
      }
      await checkA11y(page);
      expect(cspViolations).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
