import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { signedIn, toastSays } from './links-fixtures';
import { sessionFetch } from './session-api';

warnIfNoChromium('api-keys.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

const keysUrl = (workspaceId: string) => d.appUrl(`/w/${workspaceId}/api-keys`);
const roleOptions = (page: Page) =>
  page
    .getByLabel('Role', { exact: true })
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
const keyRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
describe.skipIf(skipBrowser)('API keys page', () => {
  test('owner: create a key, see it once, copy it, use it, revoke it with confirmation', async () => {
    const { page, cspViolations, workspaceId } = await signedIn(d, { role: 'owner' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    expect(await roleOptions(page)).toEqual(['viewer', 'editor', 'admin', 'owner']);
    // the list loads after the heading: count its rows once it is there (the bootstrap key is one)
    await page.getByRole('table', { name: /^API keys, \d+ in all$/ }).waitFor();
    const before = await page.getByRole('row').count();

    await page.getByLabel('Name', { exact: true }).fill('CI <deploy>');
    await page.getByLabel('Role', { exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'Create key' }).click();
    const panel = page.getByRole('region', { name: /Copy your new key “CI <deploy>” now/ });
    await panel.getByText('You will not see it again.').waitFor();
    const key = await panel.getByLabel('Your new key').inputValue();
    expect(key).toMatch(/^lh_[A-Za-z0-9]{40}$/);
    await checkA11y(page);
    await screenshot(page, 'api-keys', DOCS_SCREENSHOTS);

    await panel.getByRole('button', { name: 'Copy key' }).click();
    await toastSays(page, 'Key copied');

    // the key works, with the role chosen: an editor key may read links but not list keys
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/links`, { key })).status).toBe(200);
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/api-keys`, { key })).status).toBe(403);

    await panel.getByRole('button', { name: 'I have stored the key' }).click();
    // a paste gives the key (the site is plain http here: the page copies through a selected text area)
    await page.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.press('Control+V');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(key);
    await page.getByLabel('Name', { exact: true }).fill('');
    const row = keyRow(page, 'CI <deploy>');
    await row.waitFor();
    expect(await page.getByRole('row').count()).toBe(before + 1);
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      'editor',
      `${key.slice(0, 7)}…`,
      expect.any(String),
      expect.any(String),
      'Revoke CI <deploy>',
    ]);
    // once dismissed, the full key is nowhere in the page, nor after a reload
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(key);
    // the key's use above is recorded off the request path: "Last used" follows within moments
    let lastUsed = await row.getByRole('cell').nth(3).textContent();
    for (let tries = 0; lastUsed === 'Never' && tries < 40; tries++) {
      await Bun.sleep(250);
      await page.reload();
      lastUsed = await row.getByRole('cell').nth(3).textContent();
    }
    expect(lastUsed).not.toBe('Never');

    await row.getByRole('button', { name: 'Revoke CI <deploy>' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke key “CI <deploy>”?' });
    await dialog.getByText(`starting ${key.slice(0, 7)}`).waitFor();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/links`, { key })).status).toBe(200);

    await row.getByRole('button', { name: 'Revoke CI <deploy>' }).click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await toastSays(page, 'Revoked key “CI <deploy>”');
    await row.waitFor({ state: 'detached' });
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/links`, { key })).status).toBe(401);
    expect(cspViolations).toEqual([]);
  }, 120_000);

  test('the eleventh key: the API’s limit message, and the form stays usable', async () => {
    const { page, workspaceId, key } = await signedIn(d, { role: 'owner' });
    // bootstrap made one key; nine more fill the workspace's ten
    for (let i = 0; i < 9; i++) expect((await d.t.api('POST', `/workspaces/${workspaceId}/api-keys`, { key, body: { name: `k${i}` } })).status).toBe(201);
    await page.goto(keysUrl(workspaceId));
    await keyRow(page, 'k8').waitFor();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('note').getByText('API key limit reached: a workspace holds at most 10 keys').waitFor();
    await checkA11y(page);
    await keyRow(page, 'k0').getByRole('button', { name: 'Revoke k0' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await keyRow(page, 'k0').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('region', { name: /Copy your new key “API Key” now/ }).waitFor();
  }, 120_000);

  test('admin: roles offered up to admin, never owner; the API refuses an owner key too', async () => {
    const { workspaceId } = await signedIn(d, { role: 'owner' });
    const { page } = await signedIn(d, { role: 'admin', workspaceId });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'Create key' }).waitFor();
    expect(await roleOptions(page)).toEqual(['viewer', 'editor', 'admin']);
    expect(await sessionFetch(page, 'POST', `/workspaces/${workspaceId}/api-keys`, { role: 'owner' })).toBe(403);
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page
      .getByRole('region', { name: /Copy your new key/ })
      .getByText('You will not see it again.')
      .waitFor();
    await checkA11y(page);
  }, 120_000);

  for (const role of ['viewer', 'editor'] as const) {
    test(`${role}: no API keys entry, the page says who manages keys, and the API refuses`, async () => {
      const { workspaceId } = await signedIn(d, { role: 'owner' });
      const { page, cspViolations } = await signedIn(d, { role, workspaceId });
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Links' }).waitFor();
      expect(await nav.getByRole('link', { name: 'API keys' }).count()).toBe(0);
      await page.goto(keysUrl(workspaceId));
      await page.getByRole('note').getByText(`Only admins and the owner manage API keys. Your role in this workspace is ${role}`).waitFor();
      expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
      expect(await page.getByRole('table').count()).toBe(0);
      await checkA11y(page);
      expect(await sessionFetch(page, 'GET', `/workspaces/${workspaceId}/api-keys`)).toBe(403);
      expect(await sessionFetch(page, 'POST', `/workspaces/${workspaceId}/api-keys`, { role: 'viewer' })).toBe(403);
      expect(cspViolations).toEqual([]);
    }, 120_000);
  }
});
