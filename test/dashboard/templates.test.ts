import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { featureMessage, planLimit, type Plan } from '../../core/plans';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { describedWith, signedIn, toastSays } from './links-fixtures';
import { widthAt375 } from './narrow';
import { sessionFetch } from './session-api';

warnIfNoChromium('templates.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

const templatesUrl = (workspaceId: string) => d.appUrl(`/w/${workspaceId}/templates`);
const templateRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const templatesOf = async (workspaceId: string, key: string) => (await d.t.api('GET', `/workspaces/${workspaceId}/templates`, { key })).body.templates;

describe.skipIf(skipBrowser)('Templates page', () => {
  test('admin (Pro): create with the API’s messages under the fields, use it for a link, edit, delete with confirmation', async () => {
    const owner = await signedIn(d, { role: 'owner', plan: 'pro' });
    const { workspaceId, key } = owner;
    await d.t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { name: 'Acme Marketing' } });
    for (const [name, config] of [
      ['Webinar invites', { utm_params: { source: 'webinar', medium: 'email' }, tags: ['events'] }],
      ['Social posts', { utm_params: { source: 'social', medium: 'organic' }, og_title: 'Acme' }],
    ] as const) {
      expect((await d.t.api('POST', `/workspaces/${workspaceId}/templates`, { key, body: { name, config } })).status).toBe(201);
    }
    const { page, cspViolations } = await signedIn(d, { role: 'admin', workspaceId });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
    await templateRow(page, 'Webinar invites').waitFor();
    expect(await templateRow(page, 'Webinar invites').getByRole('cell').first().textContent()).toBe('UTM source=webinar, medium=email · Tags events');
    await page.getByText('2 of 5 templates allowed on this plan').waitFor();

    await page.getByRole('button', { name: 'New template' }).click();
    const editor = page.getByRole('form', { name: 'New template' });
    await editor.getByLabel('Template name').fill('Newsletter <weekly>');
    await editor.getByLabel('Tags').fill('newsletter, Bad Tag!');
    await editor.getByLabel('UTM source').fill('newsletter');
    await editor.getByLabel('UTM medium').fill('email');
    await editor.getByLabel('Expires after (days)').fill('0');
    await editor.getByRole('button', { name: 'Create template' }).click();
    // the API names one problem at a time, each under its own field, exactly as it says it
    expect(await describedWith(editor.getByLabel('Expires after (days)'), 'Invalid config.expires_in_days: expected a positive integer')).toContain(
      'Invalid config.expires_in_days',
    );
    await checkA11y(page);
    await editor.getByLabel('Expires after (days)').fill('30');
    await editor.getByRole('button', { name: 'Create template' }).click();
    expect(await describedWith(editor.getByLabel('Tags'), 'config: Invalid tag')).toMatch(/^.*config: Invalid tag ".*": use 1 to 32 of a-z/);
    expect(await templatesOf(workspaceId, key!)).toHaveLength(2);
    await editor.getByLabel('Tags').fill('newsletter');
    await editor.getByRole('button', { name: 'Create template' }).click();
    await toastSays(page, 'Template “Newsletter <weekly>” created');
    const row = templateRow(page, 'Newsletter <weekly>');
    await row.waitFor();
    const created = (await templatesOf(workspaceId, key!)).find((t: any) => t.name === 'Newsletter <weekly>');
    expect(created.config).toEqual({ utm_params: { source: 'newsletter', medium: 'email' }, tags: ['newsletter'], expires_in_days: 30 });
    await checkA11y(page);
    await page.reload();
    await row.waitFor();
    await screenshot(page, 'templates', DOCS_SCREENSHOTS);
    expect(await widthAt375(page)).toBeLessThanOrEqual(375);

    // a link made from it takes its values
    const link = await d.t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://acme.example/news', template_id: created.id } });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ tags: ['newsletter'], utm_params: { source: 'newsletter', medium: 'email' } });
    expect(Date.parse(link.body.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    // edit: the form holds the stored config; a changed config replaces it entirely
    await row.getByRole('button', { name: 'Edit Newsletter <weekly>' }).click();
    const edit = page.getByRole('form', { name: 'Edit template “Newsletter <weekly>”' });
    expect(await edit.getByLabel('UTM source').inputValue()).toBe('newsletter');
    expect(await edit.getByLabel('Expires after (days)').inputValue()).toBe('30');
    await screenshot(page, 'template-editor', DOCS_SCREENSHOTS);
    expect(await widthAt375(page)).toBeLessThanOrEqual(375);
    await edit.getByLabel('Template name').fill('Monthly newsletter');
    await edit.getByLabel('Expires after (days)').fill('');
    await edit.getByLabel('UTM campaign').fill('monthly');
    await edit.getByRole('button', { name: 'Save template' }).click();
    await toastSays(page, 'Template “Monthly newsletter” saved');
    await templateRow(page, 'Monthly newsletter').waitFor();
    const edited = (await templatesOf(workspaceId, key!)).find((t: any) => t.id === created.id);
    expect([edited.name, edited.config]).toEqual([
      'Monthly newsletter',
      { utm_params: { source: 'newsletter', medium: 'email', campaign: 'monthly' }, tags: ['newsletter'] },
    ]);

    await templateRow(page, 'Monthly newsletter').getByRole('button', { name: 'Delete Monthly newsletter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete template “Monthly newsletter”?' });
    await dialog.getByText('Links created from it keep their values').waitFor();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Delete template' }).click();
    await toastSays(page, 'Deleted template “Monthly newsletter”');
    await templateRow(page, 'Monthly newsletter').waitFor({ state: 'detached' });
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/templates/${created.id}`, { key })).status).toBe(404);
    // the link made from it keeps its values
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/links/${link.body.id}`, { key })).body.tags).toEqual(['newsletter']);
    expect(cspViolations).toEqual([]);
  }, 180_000);

  test('viewer and editor read templates (fields disabled, nothing to save); the API refuses their writes', async () => {
    const owner = await signedIn(d, { role: 'owner', plan: 'team' });
    const made = await d.t.api('POST', `/workspaces/${owner.workspaceId}/templates`, {
      key: owner.key,
      body: { name: 'Campaign', config: { utm_params: { source: 'ads', medium: 'cpc' } } },
    });
    for (const role of ['viewer', 'editor'] as const) {
      const { page, cspViolations } = await signedIn(d, { role, workspaceId: owner.workspaceId });
      await page.goto(templatesUrl(owner.workspaceId));
      await page.getByRole('note').getByText(`Admins and the owner manage templates. Your role in this workspace is ${role}`).waitFor();
      expect(await page.getByRole('button', { name: 'New template' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^(Edit|Delete) Campaign$/ }).count()).toBe(0);
      await templateRow(page, 'Campaign').getByRole('button', { name: 'View Campaign' }).click();
      const view = page.getByRole('form', { name: 'Template “Campaign”' });
      expect(await view.getByLabel('UTM source').inputValue()).toBe('ads');
      expect(await view.getByLabel('UTM source').isDisabled()).toBe(true);
      expect(await view.getByRole('button', { name: /Save template|Create template/ }).count()).toBe(0);
      if (role === 'viewer') await checkA11y(page);
      await view.getByRole('button', { name: 'Back to the templates' }).click();
      await templateRow(page, 'Campaign').waitFor();
      expect(await sessionFetch(page, 'POST', `/workspaces/${owner.workspaceId}/templates`, { name: 'x', config: {} })).toBe(403);
      expect(await sessionFetch(page, 'PATCH', `/workspaces/${owner.workspaceId}/templates/${made.body.id}`, { name: 'x' })).toBe(403);
      expect(await sessionFetch(page, 'DELETE', `/workspaces/${owner.workspaceId}/templates/${made.body.id}`)).toBe(403);
      expect(cspViolations).toEqual([]);
    }
    expect((await templatesOf(owner.workspaceId, owner.key!)).map((t: any) => t.name)).toEqual(['Campaign']);
  }, 180_000);

  test('plans: Free shows the API’s 402 reason; a full Pro plan shows the template limit; routing sections follow the plan (Pro locked, Team and Agency open)', async () => {
    for (const plan of ['free', 'pro', 'team', 'agency'] as Plan[]) {
      const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan });
      await page.goto(templatesUrl(workspaceId));
      if (plan === 'free') {
        const refusal = await d.t.api('GET', `/workspaces/${workspaceId}/templates`, { key });
        expect([refusal.status, refusal.body.error]).toEqual([402, featureMessage('templates')]);
        await page.getByRole('note').getByText(refusal.body.error).waitFor();
        await page.getByRole('heading', { name: 'Not on this plan' }).waitFor();
        expect(await page.getByRole('button', { name: 'New template' }).count()).toBe(0);
        await checkA11y(page);
        continue;
      }
      await page.getByRole('button', { name: 'New template' }).click();
      const editor = page.getByRole('form', { name: 'New template' });
      const routing = editor.getByRole('region', { name: 'Geo, device and OS routing' });
      if (plan === 'pro') {
        await routing.getByText(featureMessage('routing_rules')).waitFor();
        // fill the plan's allowance behind the page's back: the next create meets the limit
        for (let i = 0; i < planLimit('pro', 'templates'); i++) {
          expect((await d.t.api('POST', `/workspaces/${workspaceId}/templates`, { key, body: { name: `T${i}`, config: {} } })).status).toBe(201);
        }
        await editor.getByLabel('Template name').fill('One too many');
        await editor.getByRole('button', { name: 'Create template' }).click();
        await editor.getByRole('note').getByText('Template limit reached: the pro plan allows 5 templates').waitFor();
        await checkA11y(page);
      } else {
        await routing.getByRole('button', { name: 'Add country' }).click();
        await routing.getByLabel('Country 1', { exact: true }).fill('DE');
        await routing.getByLabel('URL for country 1').fill('https://acme.example/de');
        await editor.getByLabel('Template name').fill('German visitors');
        await editor.getByRole('button', { name: 'Create template' }).click();
        await templateRow(page, 'German visitors').waitFor();
        expect((await templatesOf(workspaceId, key!))[0].config).toEqual({ routing_rules: { geo: { DE: 'https://acme.example/de' } } });
      }
    }
  }, 180_000);
});
