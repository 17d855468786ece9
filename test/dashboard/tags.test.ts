import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { PLAN_LIMITS } from '../../core/plans';
import { tags as tagsTable } from '../../modules/tags/schema';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { describedWith, descriptionOf, signedIn, toastSays } from './links-fixtures';
import { sessionFetch } from './session-api';

/** Tags: colour (picker and hex), description, link counts, delete; what each role is offered; the tag limit's 402. */
warnIfNoChromium('tags.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

interface ApiTag {
  name: string;
  color: string;
  description: string;
  link_count: number;
}

/** An owner's workspace with links carrying `tagSets`. */
async function workspaceWithLinks(tagSets: string[][]) {
  const owner = await signedIn(d, { role: 'owner' });
  const linkIds: string[] = [];
  for (const tags of tagSets) {
    const res = await d.t.api('POST', `/workspaces/${owner.workspaceId}/links`, { key: owner.key, body: { target: 'https://example.com/', tags } });
    expect(res.status).toBe(201);
    linkIds.push(res.body.id);
  }
  return { ...owner, linkIds };
}

async function apiTags(workspaceId: string, key: string): Promise<ApiTag[]> {
  const res = await d.t.api('GET', `/workspaces/${workspaceId}/links/tags`, { key });
  expect(res.status).toBe(200);
  return res.body.tags;
}

const tagRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/**
 * Opens a tag's form and waits until it has taken the focus: the form moves the focus to its heading
 * once it has rendered, and a field filled before that could lose the keystrokes to the heading.
 */
async function editTag(page: Page, name: string) {
  await tagRow(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await page.waitForFunction((heading) => document.activeElement?.textContent?.trim() === heading, `Edit tag ${name}`);
  return page.getByRole('form', { name: `Edit tag ${name}` });
}

async function openTags(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
  await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
  await page
    .getByRole('table')
    .or(page.getByRole('heading', { name: 'No tags yet' }))
    .waitFor();
}

describe.skipIf(skipBrowser)('tags page', () => {
  test('editor: link counts, colour by picker and by hex (a bad hex gets the API’s message), description; delete takes the tag off every link', async () => {
    const owner = await workspaceWithLinks([['spring', 'mail'], ['spring'], ['social'], ['spring', 'social']]);
    const { page, cspViolations } = await signedIn(d, { role: 'editor', workspaceId: owner.workspaceId });
    await openTags(page);
    expect(await tagRow(page, 'spring').getByRole('cell').allTextContents()).toEqual(['None', 'None', '3 links tagged spring', 'Edit springDelete spring']);
    expect(await tagRow(page, 'mail').getByRole('cell').nth(2).textContent()).toBe('1 link tagged mail');

    const form = await editTag(page, 'spring');
    const hex = form.getByLabel('Hex colour');
    const picker = form.getByLabel('Colour', { exact: true });
    expect(await descriptionOf(form.getByLabel('Description'))).toBe('At most 500 characters.');
    // a bad hex goes to the API as typed; its 400 shows under the field
    await hex.fill('#12345');
    await form.getByRole('button', { name: 'Save tag' }).click();
    expect(await describedWith(hex, 'Invalid color')).toContain('Invalid color: expected a hex colour (#rgb or #rrggbb) or an empty string');
    await checkA11y(page);
    // the picker writes the hex field, the hex field moves the picker
    await picker.fill('#1a73e8');
    expect(await hex.inputValue()).toBe('#1a73e8');
    await hex.fill('#F80');
    expect(await picker.inputValue()).toBe('#ff8800');
    await form.getByLabel('Description').fill('Spring <b>campaign</b> & friends');
    await form.getByRole('button', { name: 'Save tag' }).click();
    await toastSays(page, 'Saved tag spring');
    await form.waitFor({ state: 'detached' });
    expect((await apiTags(owner.workspaceId, owner.key!)).find((t) => t.name === 'spring')).toMatchObject({
      color: '#f80',
      description: 'Spring <b>campaign</b> & friends',
      link_count: 3,
    });
    // shown as text, not markup, once the list has reloaded
    await tagRow(page, 'spring').getByRole('cell').getByText('Spring <b>campaign</b> & friends', { exact: true }).waitFor();
    expect(await tagRow(page, 'spring').getByRole('cell').first().textContent()).toBe('#f80');

    // a second colour, by the picker alone, for a realistic screenshot
    await editTag(page, 'social');
    await page.getByRole('form', { name: 'Edit tag social' }).getByLabel('Colour', { exact: true }).fill('#2da44e');
    await page.getByRole('form', { name: 'Edit tag social' }).getByLabel('Description').fill('Posts on social networks');
    await page.getByRole('form', { name: 'Edit tag social' }).getByRole('button', { name: 'Save tag' }).click();
    await tagRow(page, 'social').getByText('#2da44e').waitFor();
    // the form opens above the list and takes the focus
    await editTag(page, 'spring');
    expect(await form.getByLabel('Hex colour').inputValue()).toBe('#f80');
    for (let waited = 0; waited < 10_000 && (await page.locator('.toast').count()) > 0; waited += 200) await Bun.sleep(200);
    await screenshot(page, 'tags', DOCS_SCREENSHOTS);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // the link count in the row leads to those links
    await tagRow(page, 'mail').getByRole('link', { name: '1 link tagged mail' }).click();
    await page.waitForURL(/\/links\?tag=mail$/);
    await page.goBack();
    await tagRow(page, 'spring').waitFor();

    await tagRow(page, 'spring').getByRole('button', { name: 'Delete spring' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete tag spring?' });
    await dialog.getByText('The tag leaves every link (3 links), and its colour and description are deleted. The links themselves stay.').waitFor();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Delete tag' }).click();
    await toastSays(page, 'Deleted tag spring from 3 links');
    await tagRow(page, 'spring').waitFor({ state: 'detached' });
    // through the API: no link has it, the links stay with their other tags
    expect((await d.t.api('GET', `/workspaces/${owner.workspaceId}/links?tag=spring`, { key: owner.key })).body.total).toBe(0);
    const tagsOfLinks = await Promise.all(
      owner.linkIds.map(async (id) => (await d.t.api('GET', `/workspaces/${owner.workspaceId}/links/${id}`, { key: owner.key })).body.tags),
    );
    expect(tagsOfLinks).toEqual([['mail'], [], ['social'], ['social']]);
    expect((await apiTags(owner.workspaceId, owner.key!)).map((t) => [t.name, t.link_count])).toEqual([
      ['mail', 1],
      ['social', 2],
    ]);
    expect(cspViolations).toEqual([]);
  }, 120_000);

  test('viewer reads only (and the API refuses); admin and owner are offered edit and delete', async () => {
    const owner = await workspaceWithLinks([['launch']]);
    const viewer = await signedIn(d, { role: 'viewer', workspaceId: owner.workspaceId });
    await openTags(viewer.page);
    await viewer.page.getByRole('note').getByText('Editors, admins and the owner change and delete tags. Your role in this workspace is viewer.').waitFor();
    await tagRow(viewer.page, 'launch').getByRole('link', { name: '1 link tagged launch' }).waitFor();
    expect(await viewer.page.getByRole('button', { name: /^(Edit|Delete) launch$/ }).count()).toBe(0);
    await checkA11y(viewer.page);
    expect(await sessionFetch(viewer.page, 'PUT', `/workspaces/${owner.workspaceId}/links/tags/launch`, { color: '#000' })).toBe(403);
    expect(await sessionFetch(viewer.page, 'DELETE', `/workspaces/${owner.workspaceId}/links/tags/launch`)).toBe(403);
    expect(viewer.cspViolations).toEqual([]);

    const admin = await signedIn(d, { role: 'admin', workspaceId: owner.workspaceId });
    for (const { page, who } of [
      { page: admin.page, who: 'admin' },
      { page: owner.page, who: 'owner' },
    ]) {
      if (who === 'admin') await openTags(page);
      else await page.goto(d.appUrl(`/w/${owner.workspaceId}/tags`));
      await tagRow(page, 'launch').getByRole('button', { name: 'Delete launch' }).waitFor();
      expect(await page.getByRole('note').count()).toBe(0);
      await editTag(page, 'launch');
      await page.getByRole('form', { name: 'Edit tag launch' }).getByLabel('Description').fill(`Set by the ${who}`);
      await page.getByRole('button', { name: 'Save tag' }).click();
      await tagRow(page, 'launch').getByText(`Set by the ${who}`).waitFor();
      expect((await apiTags(owner.workspaceId, owner.key!))[0]!.description).toBe(`Set by the ${who}`);
    }
  }, 120_000);

  test('at the tag limit a tag without metadata gets the API’s 402 message; a tag with metadata still saves', async () => {
    const owner = await workspaceWithLinks([['fresh', 'kept']]);
    const max = PLAN_LIMITS.tags.pro;
    // the metadata allowance filled directly (tags on no link are not listed, nor editable from the page)
    await d.t.deps.db
      .insert(tagsTable)
      .values([
        { workspaceId: owner.workspaceId, name: 'kept', color: '#abc' },
        ...Array.from({ length: max - 1 }, (_, i) => ({ workspaceId: owner.workspaceId, name: `old-${i}` })),
      ]);
    await owner.page.goto(d.appUrl(`/w/${owner.workspaceId}/tags`));
    const form = await editTag(owner.page, 'fresh');
    await form.getByLabel('Hex colour').fill('#123456');
    await form.getByRole('button', { name: 'Save tag' }).click();
    await form
      .getByRole('note')
      .filter({ hasText: 'Not on this plan' })
      .getByText(`Tag limit reached: a workspace has at most ${max} tags with metadata`)
      .waitFor();
    await checkA11y(owner.page);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await editTag(owner.page, 'kept');
    await owner.page.getByRole('form', { name: 'Edit tag kept' }).getByLabel('Hex colour').fill('#654321');
    await owner.page.getByRole('form', { name: 'Edit tag kept' }).getByRole('button', { name: 'Save tag' }).click();
    await tagRow(owner.page, 'kept').getByText('#654321').waitFor();
    expect((await apiTags(owner.workspaceId, owner.key!)).map((t) => [t.name, t.color])).toEqual([
      ['fresh', ''],
      ['kept', '#654321'],
    ]);
  }, 120_000);
});
