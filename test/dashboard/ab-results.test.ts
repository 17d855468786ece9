import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { flushClicks } from '../../modules/clicks/recorder';
import { BROWSER_UA } from '../conversions/helpers';
import { waitFor } from '../helpers/processes';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';
import { signedIn } from './links-fixtures';

/** A link's A/B results, its bot visits and its imported clicks on the analytics page; the editor's "Remove variant" button. */
warnIfNoChromium('dashboard A/B results');

let d: Dashboard;
beforeAll(async () => {
  if (skipBrowser) return;
  d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

describe.skipIf(skipBrowser)('A/B results in the dashboard', () => {
  test('the Variants panel shows what each variant got, bot visits are said to be left out, and a variant row offers "Remove variant"', async () => {
    const { page, workspaceId, key, cspViolations } = await signedIn(d, { plan: 'team', role: 'owner' });
    const api = (method: string, path: string, body?: unknown) => d.t.api(method, `/workspaces/${workspaceId}${path}`, { key, body });
    const link = (
      await api('POST', '/links', {
        target: 'https://shop.example/',
        title: 'Spring landing test',
        track_conversions: true,
        ab_variants: [
          { name: 'Long form', url: 'https://shop.example/long', weight: 60 },
          { name: 'Short form', url: 'https://shop.example/short', weight: 40 },
        ],
      })
    ).body;
    const served: Record<string, string[]> = { 'Long form': [], 'Short form': [] };
    for (let i = 0; i < 20; i++) {
      const target = new URL((await d.t.request(`/${link.slug}`, { headers: { 'user-agent': BROWSER_UA } })).headers.get('location')!);
      served[target.pathname === '/long' ? 'Long form' : 'Short form']!.push(target.searchParams.get('lh_cid')!);
    }
    for (let i = 0; i < 2; i++) await d.t.request(`/${link.slug}`, { headers: { 'user-agent': 'curl/8.5.0' } });
    const winner = served['Long form']!.length ? 'Long form' : 'Short form';
    expect((await api('POST', '/track/lead', { click_id: served[winner]![0], event_name: 'Sign up', customer_id: 'c1' })).status).toBe(200);
    expect((await api('POST', '/track/sale', { customer_id: 'c1', amount: 4900, currency: 'EUR' })).status).toBe(200);
    await flushClicks(d.t.deps);
    await waitFor(async () => (await api('GET', `/links/${link.id}/stats`)).body.bot_visits === 2, 30_000, 'bot visits counted');
    await waitFor(
      async () => (await api('GET', `/links/${link.id}/stats/variants`)).body.variants.reduce((n: number, v: any) => n + v.clicks, 0) === 20,
      30_000,
      'the clicks stored',
    );

    await page.goto(d.appUrl(`/w/${workspaceId}/links/${link.id}/analytics`));
    const panel = page.getByRole('region', { name: 'Variants' });
    const table = panel.getByRole('table', { name: /^A\/B variants/ });
    await table.waitFor();
    const rows = await table.getByRole('row').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (c) => (c.textContent ?? '').trim())));
    const pct = (n: number) => `${Math.round((n / 20) * 1000) / 10}%`;
    const row = (name: string, url: string, weight: string) => {
      const clicks = served[name]!.length;
      const own = name === winner;
      return [`${name}${url}`, weight, clicks ? pct(clicks) : '0%', String(clicks), own ? '1' : '0', own ? '1' : '0', own ? '€49.00' : '—'];
    };
    expect(rows).toEqual([
      ['Variant', 'Weight', 'Traffic share', 'Clicks', 'Leads', 'Sales', 'Revenue'],
      row('Long form', 'https://shop.example/long', '60%'),
      row('Short form', 'https://shop.example/short', '40%'),
    ]);
    await page.getByText('2 bot visits not counted: visits from curl, headless browsers and crawlers').waitFor();
    await checkA11y(page);
    await screenshot(page, 'link-variants', undefined, panel);

    // the editor: each variant row removes that variant (with two, removing one ends the test)
    await page.goto(d.appUrl(`/w/${workspaceId}/links/${link.id}`));
    await page.getByRole('button', { name: 'Remove variant 2' }).waitFor();
    expect(await page.getByRole('button', { name: 'Stop the A/B test' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByRole('button', { name: 'Remove variant 3' }).click();
    expect(await page.getByRole('button', { name: /^Remove variant/ }).count()).toBe(2);
    await page.getByRole('button', { name: 'Remove variant 1' }).click();
    await page.getByRole('button', { name: 'Start an A/B test' }).waitFor();
    await checkA11y(page);
    expect(cspViolations).toEqual([]);
  }, 120_000);

  test('a link imported from Bitly says how many clicks Bitly counted, apart from the clicks measured here', async () => {
    const { page, workspaceId, key, cspViolations } = await signedIn(d, { plan: 'team', role: 'owner' });
    const form = new FormData();
    form.set('csv', await Bun.file(new URL('../import-export/samples/bitly.csv', import.meta.url)).text());
    form.set('format', 'bitly');
    const imported = await d.t.api('POST', `/workspaces/${workspaceId}/import/links`, { key, body: form });
    expect(imported.status).toBe(201);
    const links = (await d.t.api('GET', `/workspaces/${workspaceId}/links?search=spring`, { key })).body.links;
    const spring = links.find((l: { target: string }) => l.target === 'https://example.com/spring?utm_source=bitly');
    const stats = (await d.t.api('GET', `/workspaces/${workspaceId}/links/${spring.id}/stats`, { key })).body;
    expect(stats).toMatchObject({ total_clicks: 0, imported_clicks: 1284, imported_from: 'bitly' });

    await page.goto(d.appUrl(`/w/${workspaceId}/links/${spring.id}/analytics`));
    await page.getByText('1,284 clicks imported from Bitly: counted there before the link came here, and not in the numbers above.').waitFor();
    await checkA11y(page);
    await screenshot(page, 'link-imported-clicks');
    expect(cspViolations).toEqual([]);
  }, 120_000);
});
