import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import type { Plan } from '../../core/plans';
import { createApiKey } from '../../modules/api-keys/service';
import { seedClicks } from '../helpers/clicks';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { signedIn, toastSays } from './links-fixtures';
import { sessionFetch } from './session-api';

/** Client workspaces (Agency): the owner creates one, it joins the switcher and opens; others list; other plans get the 402 reason. */
warnIfNoChromium('clients.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

let made = 0;
const uniqueSlug = (name: string) => `${name}-${process.pid}-${made++}`;

/** A client workspace made through the API, with `links` links (and a few clicks) in it. */
async function client(key: string, parentId: string, userId: string, name: string, links: number) {
  const res = await d.t.api('POST', `/workspaces/${parentId}/clients`, { key, body: { name, slug: uniqueSlug(name.toLowerCase()) } });
  expect(res.status).toBe(201);
  const clientKey = await d.t.deps.db.transaction((tx) => createApiKey(tx, { workspaceId: res.body.id, userId, plan: 'free', role: 'owner', audit: false }));
  for (let i = 0; i < links; i++) {
    const link = await d.t.api('POST', `/workspaces/${res.body.id}/links`, { key: clientKey.key, body: { target: `https://example.com/${i}` } });
    await seedClicks(d.t, link.body, [{}, {}]);
  }
  return res.body as { id: string; slug: string };
}

const clientsUrl = (wsId: string) => d.appUrl(`/w/${wsId}/clients`);
const clientRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const ownerIdOf = async (wsId: string, key: string) => (await d.t.api('GET', `/workspaces/${wsId}/members`, { key })).body.members[0].id as string;

describe.skipIf(skipBrowser)('client workspaces page', () => {
  test('owner on Agency: lists clients with counts, creates one that joins the switcher and opens', async () => {
    const { page, cspViolations, workspaceId, key } = await signedIn(d, { plan: 'agency', role: 'owner' });
    const userId = await ownerIdOf(workspaceId, key!);
    await client(key!, workspaceId, userId, 'Globex', 3);
    await client(key!, workspaceId, userId, 'Initech', 1);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('heading', { name: 'Client workspaces', level: 1 }).waitFor();
    await clientRow(page, 'Globex').waitFor();
    expect(await clientRow(page, 'Globex').getByRole('cell').allTextContents()).toEqual([
      expect.stringMatching(/^globex-/),
      'free',
      '3',
      '6',
      expect.any(String),
      'Open Globex',
    ]);

    // a taken slug: the API's 409 under the Slug field
    const globexSlug = (await clientRow(page, 'Globex').getByRole('cell').first().textContent())!;
    await page.getByLabel('Name', { exact: true }).fill('Acme <Corp>');
    await page.getByLabel('Slug').fill(globexSlug);
    await page.getByRole('button', { name: 'Create client workspace' }).click();
    await page.getByText(/already/).waitFor();
    expect(await page.getByLabel('Slug').getAttribute('aria-invalid')).toBe('true');
    await checkA11y(page);

    const slug = uniqueSlug('acme');
    await page.getByLabel('Slug').fill(slug);
    await page.getByRole('button', { name: 'Create client workspace' }).click();
    await toastSays(page, 'Created client workspace “Acme <Corp>”; it is in the workspace switcher');
    const row = clientRow(page, 'Acme <Corp>');
    await row.waitFor();
    const listed = (await d.t.api('GET', `/workspaces/${workspaceId}/clients`, { key })).body.clients;
    const acme = listed.find((c: { slug: string }) => c.slug === slug);
    expect(acme).toMatchObject({ name: 'Acme <Corp>', plan: 'free', parent_workspace_id: workspaceId, link_count: 0 });
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    // the switcher lists it (the session reloaded), under this workspace
    await page.getByRole('button', { name: /^Workspace:/ }).click();
    const switcher = page.getByRole('list', { name: 'Your workspaces' });
    expect(await switcher.getByRole('link', { name: /^Acme <Corp>/ }).textContent()).toBe('Acme <Corp>client · free · owner');
    await page.keyboard.press('Escape');
    await checkA11y(page);
    await page.reload();
    await row.waitFor();
    await screenshot(page, 'clients', DOCS_SCREENSHOTS);

    // "Open" in its row leads into it, and so does the switcher
    expect(await row.getByRole('link', { name: 'Open Acme <Corp>' }).getAttribute('href')).toBe(`/app/w/${acme.id}`);
    await page.getByRole('button', { name: /^Workspace:/ }).click();
    await switcher.getByRole('link', { name: /^Acme <Corp>/ }).click();
    await page.waitForURL(d.appUrl(`/w/${acme.id}`));
    await page.getByRole('button', { name: 'Workspace: Acme <Corp>' }).waitFor();
    // inside the client workspace (Free), its own Clients page gives the plan's reason
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    await page.getByRole('note').getByText('Plan upgrade required: client workspaces need the Agency plan').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    expect(cspViolations).toEqual([]);
  }, 180_000);

  test('roles on Agency: viewer, editor and admin list the clients but are not offered to create one, and the API refuses them', async () => {
    const { workspaceId, key } = await signedIn(d, { plan: 'agency', role: 'owner' });
    await client(key!, workspaceId, await ownerIdOf(workspaceId, key!), 'Umbrella', 0);
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      const { page, context, cspViolations } = await signedIn(d, { role, workspaceId });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
      await page.getByRole('note').getByText(`Only the workspace owner creates client workspaces. Your role here is ${role}.`).waitFor();
      // they are not members of the client workspace: no "Open" leading nowhere
      expect(await clientRow(page, 'Umbrella').getByRole('cell').last().textContent()).toBe('Not a member');
      expect(await page.getByRole('button', { name: 'Create client workspace' }).count()).toBe(0);
      expect(await sessionFetch(page, 'POST', `/workspaces/${workspaceId}/clients`, { name: `by ${role}` })).toBe(403);
      await checkA11y(page);
      expect(cspViolations).toEqual([]);
      await context.close();
    }
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/clients`, { key })).body.clients.map((c: { name: string }) => c.name)).toEqual(['Umbrella']);
  }, 180_000);

  test('plans: Free, Pro and Team owners get the API’s 402 reason and no form', async () => {
    for (const plan of ['free', 'pro', 'team'] as Plan[]) {
      const { page, context, cspViolations, workspaceId, key } = await signedIn(d, { plan, role: 'owner' });
      const refused = await d.t.api('POST', `/workspaces/${workspaceId}/clients`, { key, body: { name: 'Nope' } });
      expect(refused.status).toBe(402);
      await page.goto(clientsUrl(workspaceId));
      const notice = page.getByRole('note').filter({ has: page.getByRole('heading', { name: 'Not on this plan' }) });
      await notice.getByText(refused.body.error, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Create client workspace' }).count()).toBe(0);
      expect(await page.getByRole('table').count()).toBe(0);
      expect(await sessionFetch(page, 'POST', `/workspaces/${workspaceId}/clients`, { name: 'Nope' })).toBe(402);
      await checkA11y(page);
      expect(cspViolations).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
