import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import { liveHub } from '../../modules/live/hub';
import { BROWSER_UA, storedClickAt } from '../conversions/helpers';
import { memberWithKey } from '../helpers/members';
import { checkA11y, DOCS_SCREENSHOTS, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';
import { describedWith, signedIn, toastSays } from './links-fixtures';

/**
 * Conversions in the dashboard: the link editor's switch, the settings' default and window, the
 * funnel and the Live panel moving while the page stays open (a real EventSource on stats/live).
 */
warnIfNoChromium('dashboard conversions');

let d: Dashboard;
beforeAll(async () => {
  if (skipBrowser) return;
  d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

/** Waits (up to 10 s) until the locator's text matches. */
async function textOf(locator: Locator, pattern: RegExp): Promise<string> {
  let text = '';
  for (let waited = 0; waited < 10_000; waited += 100) {
    text = await locator.innerText().catch(() => '');
    if (pattern.test(text)) return text;
    await Bun.sleep(100);
  }
  throw new Error(`${pattern} never matched: ${JSON.stringify(text)}`);
}

/** The funnel's cards as "Term: figure …" lines. */
const funnelOf = (page: Page) =>
  page
    .getByRole('region', { name: /^Funnel/ })
    .getByRole('term')
    .evaluateAll((terms) => terms.map((dt) => [dt.textContent, ...Array.from(dt.parentElement!.querySelectorAll('dd'), (dd) => dd.textContent)].join(' ')));

/** A person's visit of the short link: the target the redirect sent them to. */
async function visit(slug: string) {
  const res = await d.t.request(`/${slug}`, { headers: { 'user-agent': BROWSER_UA, referer: 'https://news.example.org/story' } });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The Live panel says it is connected; the clicks worker reads who watches at most once a second. */
async function liveOn(page: Page) {
  await page
    .getByRole('region', { name: 'Live' })
    .getByRole('status')
    .filter({ hasText: /^Live$/ })
    .waitFor();
  await Bun.sleep(1100);
}

describe.skipIf(skipBrowser)('conversions in the dashboard', () => {
  test('switch tracking on for a link, visit it, post a lead and a sale with its click id: the funnel and the Live panel move without a reload', async () => {
    const { page, workspaceId, key, cspViolations } = await signedIn(d, { plan: 'pro', role: 'owner' });
    const api = (method: string, path: string, body?: unknown, as = key!) => d.t.api(method, `/workspaces/${workspaceId}${path}`, { key: as, body });
    const link = (await api('POST', '/links', { target: 'https://shop.example/landing?ref=ad', title: 'Spring sale' })).body;
    const editor = await memberWithKey(d.t, workspaceId, 'editor', 'pro');

    await page.goto(d.appUrl(`/w/${workspaceId}/links/${link.id}`));
    const track = page.getByRole('checkbox', { name: 'Track conversions' });
    expect(await track.isChecked()).toBe(false);
    await track.check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toastSays(page, 'Changes saved');
    expect((await api('GET', `/links/${link.id}`)).body.track_conversions).toBe(true);

    // the Conversions page by the navigation
    await page.getByRole('link', { name: 'Conversions' }).first().click();
    await page.getByRole('region', { name: /^Funnel/ }).waitFor();
    expect(await funnelOf(page)).toEqual(['Clicks 0', 'Leads 0 – of clicks', 'Sales 0 – of leads', 'Revenue None yet']);
    await page.getByRole('heading', { name: 'No leads yet' }).waitFor();
    await liveOn(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const target = await visit(link.slug);
    const clickId = target.searchParams.get('lh_cid')!;
    expect(target.origin + target.pathname).toBe('https://shop.example/landing');
    expect(clickId).toMatch(/^[0-9a-f-]{20,}/);
    const live = page.getByRole('region', { name: 'Live' }).getByRole('list', { name: 'Latest visits, leads and sales' });
    expect(await textOf(live, /Visit/)).toContain(`Visit ${link.domain}/${link.slug} · Unknown · desktop · from news.example.org`);
    await textOf(page.getByRole('region', { name: /^Funnel/ }), /Clicks\s*1\b/);

    expect((await api('POST', '/track/lead', { click_id: clickId, event_name: 'Sign up', customer_id: 'cus_42' }, editor.key)).status).toBe(200);
    expect((await api('POST', '/track/sale', { customer_id: 'cus_42', amount: 4900, currency: 'EUR', invoice_id: 'inv_1' }, editor.key)).status).toBe(200);
    // a second currency is its own line, never added to the first
    expect((await api('POST', '/track/sale', { customer_id: 'cus_42', amount: 1500, currency: 'JPY', invoice_id: 'inv_2' }, editor.key)).status).toBe(200);
    await textOf(page.getByRole('region', { name: /^Funnel/ }), /¥1,500/);
    expect(await funnelOf(page)).toEqual(['Clicks 1', 'Leads 1 100% of clicks', 'Sales 2 200% of leads', 'Revenue €49.00 ¥1,500']);
    const events = await textOf(live, /Sale.*¥1,500/s);
    // the page knew no link yet (no sales when it loaded): the visit names it by its short address
    const short = `${link.domain}/${link.slug}`;
    expect(events.split('\n').map((line) => line.replace(/ \d{1,2}:\d{2}:\d{2}\s?[AP]M$/, ''))).toEqual([
      `Sale ¥1,500 (Purchase) · customer cus_42 · ${short}`,
      `Sale €49.00 (Purchase) · customer cus_42 · ${short}`,
      `Lead Sign up · customer cus_42 · ${short}`,
      `Visit ${short} · Unknown · desktop · from news.example.org`,
    ]);
    // the revenue charts, one per currency, moved too
    await page.getByRole('img', { name: /^Revenue per day in EUR, .*€49\.00 from/ }).waitFor();
    await page.getByRole('img', { name: /^Revenue per day in JPY, .*¥1,500 from/ }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // what the live view showed is what a reload shows
    await page.reload();
    await page.getByRole('heading', { name: 'Top links by revenue' }).waitFor();
    await page.getByRole('region', { name: /^Funnel/ }).waitFor();
    expect(await funnelOf(page)).toEqual(['Clicks 1', 'Leads 1 100% of clicks', 'Sales 2 200% of leads', 'Revenue €49.00 ¥1,500']);
    const top = page.getByRole('region', { name: 'Top links by revenue' }).getByRole('row');
    expect(await top.allInnerTexts()).toEqual(['Link\tSales\tRevenue', `${short}\t1\t€49.00`, `${short}\t1\t¥1,500`]);
    await checkA11y(page);
    await screenshot(page, 'conversions', DOCS_SCREENSHOTS);
    await page.screenshot({ path: `${DOCS_SCREENSHOTS}/conversions-full-wide.png`, fullPage: true });
    expect(cspViolations).toEqual([]);
  });

  test('link analytics: its funnel, its counters and chart move live; leaving the page closes the stream', async () => {
    const { page, workspaceId, key } = await signedIn(d, { plan: 'pro', role: 'owner' });
    const api = (method: string, path: string, body?: unknown) => d.t.api(method, `/workspaces/${workspaceId}${path}`, { key: key!, body });
    const link = (await api('POST', '/links', { target: 'https://shop.example/', track_conversions: true })).body;
    const other = (await api('POST', '/links', { target: 'https://other.example/' })).body;
    await page.goto(d.appUrl(`/w/${workspaceId}/links/${link.id}/analytics`));
    await page.getByRole('region', { name: /^Funnel of this link/ }).waitFor();
    await liveOn(page);

    const clickId = (await visit(link.slug)).searchParams.get('lh_cid')!;
    await visit(other.slug); // another link's visit moves nothing here
    const today = page.getByRole('term').filter({ hasText: 'Clicks today (UTC)' }).locator('..');
    expect(await textOf(today, /\b1$/)).toBe('Clicks today (UTC)\n1');
    await page.getByRole('img', { name: /^Clicks per day, .*1 click from/ }).waitFor();
    // the customer's server chooses the event name and customer id: shown as text, never as markup
    const markup = '<img src=x onerror="window.pwned=1">';
    expect((await api('POST', '/track/lead', { click_id: clickId, event_name: markup, customer_id: '<b>c1</b>' })).status).toBe(200);
    await textOf(page.getByRole('region', { name: /^Funnel of this link/ }), /100% of clicks/);
    expect(await funnelOf(page)).toEqual(['Clicks 1', 'Leads 1 100% of clicks', 'Sales 0 0% of leads', 'Revenue None yet']);
    const live = await page.getByRole('list', { name: 'Latest visits, leads and sales' }).getByRole('listitem').allInnerTexts();
    expect(live.map((line) => line.split(' · ').slice(0, 2).join(' · '))).toEqual([
      `Lead ${markup} · customer <b>c1</b>`,
      `Visit ${link.domain}/${link.slug} · Unknown`,
    ]);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    // in process (the embedded default) the hub knows who watches at once; with Redis it is the watchers' announcement
    if (!d.t.deps.redis) expect(await liveHub(d.t.deps).watchedAmong([workspaceId])).toEqual([workspaceId]);
    await page.getByRole('link', { name: 'Back to links' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    if (!d.t.deps.redis) {
      for (let i = 0; i < 50 && (await liveHub(d.t.deps).watchedAmong([workspaceId])).length; i++) await Bun.sleep(100);
      expect(await liveHub(d.t.deps).watchedAmong([workspaceId])).toEqual([]);
    }
  });

  test("link analytics: clicking a country filters the link's funnel too; the Conversions page takes the same filter", async () => {
    const { page, workspaceId, key } = await signedIn(d, { plan: 'pro', role: 'owner' });
    const api = (method: string, path: string, body?: unknown) => d.t.api(method, `/workspaces/${workspaceId}${path}`, { key: key!, body });
    const link = (await api('POST', '/links', { target: 'https://shop.example/', track_conversions: true })).body;
    // two German visits (one signs up and buys), one American (signs up)
    for (const [i, country] of ['DE', 'DE', 'US'].entries()) {
      const click = await storedClickAt(d.t, link, new Date(), { country, device: 'desktop' });
      if (i === 1) continue;
      expect((await api('POST', '/track/lead', { click_id: click, event_name: 'Sign up', customer_id: `c${i}` })).status).toBe(200);
      if (i === 0) expect((await api('POST', '/track/sale', { customer_id: `c${i}`, amount: 4900, currency: 'EUR' })).status).toBe(200);
    }
    await page.goto(d.appUrl(`/w/${workspaceId}/links/${link.id}/analytics`));
    const funnel = page.getByRole('region', { name: /^Funnel of this link/ });
    await textOf(funnel, /Clicks\s*3\b/);
    expect(await funnelOf(page)).toEqual(['Clicks 3', 'Leads 2 66.7% of clicks', 'Sales 1 50% of leads', 'Revenue €49.00']);

    await page.getByRole('region', { name: 'Countries' }).getByRole('button', { name: 'Filter by United States (US)' }).click();
    await textOf(funnel, /Clicks\s*1\b/);
    expect(await funnelOf(page)).toEqual(['Clicks 1', 'Leads 1 100% of clicks', 'Sales 0 0% of leads', 'Revenue None yet']);
    await page.getByRole('button', { name: 'Remove filter Country: United States (US)' }).click();
    await page.getByRole('region', { name: 'Countries' }).getByRole('button', { name: 'Filter by Germany (DE)' }).click();
    await textOf(funnel, /Clicks\s*2\b/);
    expect(await funnelOf(page)).toEqual(['Clicks 2', 'Leads 1 50% of clicks', 'Sales 1 100% of leads', 'Revenue €49.00']);
    await checkA11y(page);

    // the workspace's Conversions page with the same address filter
    await page.goto(d.appUrl(`/w/${workspaceId}/conversions?filter=country:US`));
    await page.getByRole('button', { name: 'Remove filter Country: United States (US)' }).waitFor();
    await textOf(page.getByRole('region', { name: /^Funnel/ }), /Clicks\s*1\b/);
    expect(await funnelOf(page)).toEqual(['Clicks 1', 'Leads 1 100% of clicks', 'Sales 0 0% of leads', 'Revenue None yet']);
    await checkA11y(page);
    await screenshot(page, 'conversions-filtered', DOCS_SCREENSHOTS);
  });

  test('overview: the totals and the Live panel move with a visit', async () => {
    const { page, workspaceId, key } = await signedIn(d, { plan: 'pro', role: 'owner' });
    const link = (await d.t.api('POST', `/workspaces/${workspaceId}/links`, { key: key!, body: { target: 'https://shop.example/', title: 'Launch' } })).body;
    await page.goto(d.appUrl(`/w/${workspaceId}`));
    await page.getByRole('heading', { name: 'Top links' }).waitFor();
    await liveOn(page);
    await visit(link.slug);
    const clicks = page
      .getByRole('term')
      .filter({ hasText: /^Clicks, all time$/ })
      .locator('..');
    expect(await textOf(clicks, /\b1$/)).toBe('Clicks, all time\n1');
    // the row's name is its filter button ("Filter by Launch") beside its Analytics link
    expect(await textOf(page.getByRole('region', { name: 'Top links' }).getByRole('row').nth(1), /\t1$/)).toStartWith('Filter by\nLaunch');
    await page.getByRole('list', { name: 'Latest visits, leads and sales' }).getByText(`Visit ${link.domain}/${link.slug}`).waitFor();
    await checkA11y(page);
  });

  test('the stream refused, then ended: the page opens it again, and events flow', async () => {
    const { page, workspaceId, key } = await signedIn(d, { plan: 'pro', role: 'owner' });
    const link = (await d.t.api('POST', `/workspaces/${workspaceId}/links`, { key: key!, body: { target: 'https://shop.example/' } })).body;
    // the first answer a 503 (the browser gives up: the page retries), the second a stream that ends at once (the browser reconnects)
    const answers: string[] = [];
    await page.route('**/stats/live', (route) => {
      answers.push(answers.length === 0 ? 'refused' : answers.length === 1 ? 'ended' : 'real');
      if (answers.length === 1) return route.fulfill({ status: 503, body: 'down' });
      if (answers.length === 2) return route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 500\n\n' });
      return route.continue();
    });
    await page.goto(d.appUrl(`/w/${workspaceId}/conversions`));
    await liveOn(page);
    await visit(link.slug);
    await page.getByRole('list', { name: 'Latest visits, leads and sales' }).getByText(`Visit ${link.domain}/${link.slug}`).waitFor();
    await textOf(page.getByRole('region', { name: /^Funnel/ }), /Clicks\s*1\b/);
    expect(answers.slice(0, 3)).toEqual(['refused', 'ended', 'real']);
  });

  test("settings: the workspace's default and attribution window; a new link's switch starts at the default", async () => {
    const { page, workspaceId, key } = await signedIn(d, { plan: 'pro', role: 'owner' });
    await page.goto(d.appUrl(`/w/${workspaceId}/settings`));
    const window = page.getByRole('textbox', { name: 'Attribution window (days)' });
    expect(await window.inputValue()).toBe('90');
    await window.fill('0');
    await page.getByRole('button', { name: 'Save settings' }).click();
    expect(await describedWith(window, 'Invalid attribution_window_days: at least 1')).toEndWith('Invalid attribution_window_days: at least 1');
    expect(await window.getAttribute('aria-invalid')).toBe('true');
    await window.fill('30');
    await page.getByRole('checkbox', { name: 'New links track conversions' }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toastSays(page, 'Settings saved');
    await page.getByRole('region', { name: 'Conversion tracking' }).screenshot({ path: `${DOCS_SCREENSHOTS}/settings-conversions-wide.png` });
    const ws = (await d.t.api('GET', `/workspaces/${workspaceId}`, { key: key! })).body;
    expect([ws.attribution_window_days, ws.track_conversions_default]).toEqual([30, true]);

    // the editor starts from the default; unticking it makes a link that does not track
    await page.goto(d.appUrl(`/w/${workspaceId}/links/new`));
    const track = page.getByRole('checkbox', { name: 'Track conversions' });
    expect(await track.isChecked()).toBe(true);
    await page.getByRole('region', { name: 'Conversion tracking' }).screenshot({ path: `${DOCS_SCREENSHOTS}/link-editor-conversions-wide.png` });
    await track.uncheck();
    await page.getByLabel('Destination URL').fill('https://example.com/untracked');
    await page.getByRole('button', { name: 'Create link' }).click();
    await toastSays(page, /^Link created/);
    const links = (await d.t.api('GET', `/workspaces/${workspaceId}/links`, { key: key! })).body.links;
    expect(links.map((l: { target: string; track_conversions: boolean }) => [l.target, l.track_conversions])).toEqual([
      ['https://example.com/untracked', false],
    ]);
  });

  test('below Pro: the Conversions page explains the plan, the switch and the settings say what they need', async () => {
    const { page, workspaceId } = await signedIn(d, { plan: 'free', role: 'owner' });
    await page.goto(d.appUrl(`/w/${workspaceId}/conversions`));
    const notice = page.getByRole('note').filter({ hasText: 'Not on this plan' });
    expect(await textOf(notice, /Pro plan/)).toContain('Plan upgrade required: conversion tracking and its stats need the Pro plan or higher');
    await page.getByText(/links can send their visitors to your site with a click id/).waitFor();
    expect(await page.getByRole('region', { name: 'Live' }).count()).toBe(0);
    await checkA11y(page);
    await page.goto(d.appUrl(`/w/${workspaceId}/links/new`));
    const section = page.getByRole('region', { name: 'Conversion tracking' });
    await textOf(section, /need the Pro plan or higher/);
    expect(await section.getByRole('checkbox').count()).toBe(0);
  });
});
