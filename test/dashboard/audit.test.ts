import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import { memberWithKey } from '../helpers/members';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { signedIn } from './links-fixtures';

warnIfNoChromium('audit.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

const auditUrl = (workspaceId: string, query = '') => d.appUrl(`/w/${workspaceId}/audit${query}`);
const rows = (page: Page) => page.getByRole('table').getByRole('row');
/** The browser's own session asking the API: what the page does not offer is refused anyway. */
const sessionStatus = (page: Page, path: string) => page.evaluate(async (path) => (await fetch(`/api${path}`)).status, path);
/** The readable details of an entry's row: `{field: value}` from its definition list. */
const detailsOf = (row: Locator) =>
  row
    .locator('.audit-details dl > div')
    .evaluateAll((items) => Object.fromEntries(items.map((i) => [i.querySelector('dt')!.textContent, i.querySelector('dd')!.textContent])));
/** The audit actions of the rows shown (each row shows its action code under the words). */
const shownActions = (page: Page) => page.locator('.audit-action').allTextContents();

describe.skipIf(skipBrowser)('Audit log page', () => {
  test('owner: who did what in words, readable details, filters in the address (Back undoes), pages, a member who left still named', async () => {
    const { page, cspViolations, workspaceId, key, email } = await signedIn(d, { role: 'owner', plan: 'team' });
    const as = (k: string) => (method: string, path: string, body?: unknown) => d.t.api(method, `/workspaces/${workspaceId}${path}`, { key: k, body });
    const owner = as(key!);
    const editor = await memberWithKey(d.t, workspaceId, 'editor');

    // activity: the editor makes a link and leaves; the owner renames the workspace, promotes someone, makes a key and 21 links
    const made = await as(editor.key)('POST', '/links', { target: 'https://example.com/spring', title: 'Spring <sale>' });
    expect(made.status).toBe(201);
    expect((await owner('PATCH', `/links/${made.body.id}`, { title: 'Spring sale 2026' })).status).toBe(200);
    expect((await owner('DELETE', `/members/${editor.userId}`)).status).toBe(200);
    const colleague = await memberWithKey(d.t, workspaceId, 'editor');
    expect((await owner('PATCH', `/members/${colleague.userId}`, { role: 'admin' })).status).toBe(200);
    expect((await owner('POST', '/api-keys', { name: 'Deploy bot', role: 'editor' })).status).toBe(201);
    expect((await owner('PATCH', '', { name: 'Acme marketing' })).status).toBe(200);
    const bulk = await owner('POST', '/links/bulk', { links: Array.from({ length: 21 }, (_, i) => ({ target: `https://example.com/p/${i}` })) });
    expect(bulk.status).toBe(201);
    const total = (await owner('GET', '/audit-log?limit=1')).body.total;
    expect(total).toBeGreaterThan(20);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `${total} entries` })
      .waitFor();
    expect(await rows(page).count()).toBe(21); // header + 20
    await checkA11y(page);

    // page 2 holds the oldest entries, among them the editor's link (they have left; the log still names them)
    await page.getByRole('navigation', { name: 'Pages of the audit log' }).getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    const created = rows(page).filter({ hasText: 'link.create' }).filter({ hasText: editor.email });
    await created.waitFor();
    expect(await created.getByRole('cell').nth(1).textContent()).toBe('Created a linklink.create');
    expect(await created.getByRole('cell').nth(2).textContent()).toBe(`go.linkhop.test/${made.body.slug}`);
    expect(await detailsOf(created)).toEqual({ Domain: 'go.linkhop.test', Slug: made.body.slug, Target: 'https://example.com/spring' });

    // the raw JSON behind a disclosure, the JSON as recorded
    const entryId = (await owner('GET', '/audit-log?action=link.create&limit=100')).body.entries.find((e: any) => e.user_id === editor.userId).id;
    const raw = created.getByText(`Raw JSON of entry ${entryId}`);
    await raw.click();
    const json = JSON.parse((await created.locator('pre').textContent())!);
    expect(json).toEqual({ id: made.body.id, domain: 'go.linkhop.test', slug: made.body.slug, target: 'https://example.com/spring' });
    await checkA11y(page);

    // filter by action: the address says so, the page is back to 1, the rows are that action only
    await page.getByLabel('Action').selectOption({ label: 'Changed a member’s role' });
    await page.waitForURL(/action=member\.update_role/);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    const promotion = rows(page).filter({ hasText: 'member.update_role' });
    await promotion.waitFor();
    await page.getByRole('status').filter({ hasText: '1 entry match' }).waitFor();
    expect(await promotion.getByRole('cell').first().textContent()).toBe(`${email}`); // signedIn's owner has no name: the e-mail
    expect(await detailsOf(promotion)).toEqual({ Email: colleague.email, Role: 'editor → admin' });
    await checkA11y(page);

    // a second filter on top (who), then Back undoes only it
    await page.getByLabel('Action').selectOption('');
    await page.getByLabel('Who').selectOption({ label: `${email}` });
    await page.waitForURL((url) => url.searchParams.get('user') !== null && !url.searchParams.has('action'));
    await page.getByLabel('Action').selectOption({ label: 'Changed workspace settings' });
    // the row first (the person-only list has it too), then the count only the two filters give
    const renamed = rows(page).filter({ hasText: 'workspace.update' });
    await renamed.waitFor();
    await page.getByRole('status').filter({ hasText: '1 entry match' }).waitFor();
    expect(await rows(page).count()).toBe(2);
    expect(await detailsOf(renamed)).toEqual({ 'Name (new)': 'Acme marketing' });
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('action') && url.searchParams.has('user'));
    // only the person filter applies again: everything but the editor's one entry
    await page
      .getByRole('status')
      .filter({ hasText: `${total - 1} entries match` })
      .waitFor();
    expect(new Set(await shownActions(page))).toEqual(new Set(['link.create']));
    expect(await page.getByLabel('Action').inputValue()).toBe('');

    // a date range in the future matches nothing; "Clear filters" shows everything again
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From').fill(tomorrow);
    await page.getByRole('heading', { name: 'No entries match these filters' }).waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe(tomorrow);
    await checkA11y(page);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${total} entries` })
      .waitFor();
    // today to today includes everything recorded today (the "to" day is included whole)
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(auditUrl(workspaceId, `?from=${today}&to=${today}&action=api_key.create`));
    const keyRow = rows(page).filter({ hasText: 'Key “Deploy bot”' });
    await keyRow.waitFor();
    expect(await detailsOf(keyRow)).toEqual({ Name: 'Deploy bot', Role: 'editor' });
    expect(cspViolations).toEqual([]);
  }, 120_000);

  test('screenshots: the log with a few entries, wide and at 375 px', async () => {
    const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'pro' });
    const owner = (method: string, path: string, body?: unknown) => d.t.api(method, `/workspaces/${workspaceId}${path}`, { key, body });
    const member = await memberWithKey(d.t, workspaceId, 'viewer');
    const link = await owner('POST', '/links', { target: 'https://example.com/launch-announcement', title: 'Launch' });
    await owner('PATCH', `/links/${link.body.id}`, { title: 'Launch day', tags: ['launch', 'press'] });
    await owner('PATCH', `/members/${member.userId}`, { role: 'editor' });
    await owner('PATCH', '', { name: 'Acme marketing' });
    await page.goto(auditUrl(workspaceId));
    await rows(page).filter({ hasText: 'member.update_role' }).waitFor();
    await screenshot(page, 'audit-log', DOCS_SCREENSHOTS);
  }, 120_000);

  test('roles: admin reads the log; editor and viewer are not offered it, are told who can, and the API refuses them', async () => {
    const { workspaceId } = await signedIn(d, { role: 'owner', plan: 'free' });
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      const { page, cspViolations } = await signedIn(d, { role, workspaceId });
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Links' }).waitFor();
      if (role === 'admin') {
        await nav.getByRole('link', { name: 'Audit log' }).click();
        await rows(page).filter({ hasText: 'api_key.create' }).waitFor();
        expect(await sessionStatus(page, `/workspaces/${workspaceId}/audit-log`)).toBe(200);
      } else {
        expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
        await page.goto(auditUrl(workspaceId));
        await page.getByRole('note').getByText(`Only admins and the owner can read the audit log. Your role in this workspace is ${role}.`).waitFor();
        expect(await page.getByRole('table').count()).toBe(0);
        expect(await sessionStatus(page, `/workspaces/${workspaceId}/audit-log`)).toBe(403);
      }
      await checkA11y(page);
      expect(cspViolations).toEqual([]);
      await page.context().close();
    }
  }, 120_000);
});
