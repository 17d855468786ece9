import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { featureMessage, type Plan } from '../../core/plans';
import { analyticsAccounts, getWorkspaceRow, setWorkspacePlan } from '../../modules/workspaces';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { descriptionOf, signedIn, toastSays } from './links-fixtures';
import { widthAt375 } from './narrow';
import { sessionFetch } from './session-api';

warnIfNoChromium('settings.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

const settingsUrl = (workspaceId: string) => d.appUrl(`/w/${workspaceId}/settings`);
const governanceUrl = (workspaceId: string) => d.appUrl(`/w/${workspaceId}/governance`);
/** The workspace's row as stored, its sealed analytics secrets opened (the row holds them sealed). */
async function row(workspaceId: string) {
  const stored = await getWorkspaceRow(d.t.deps.db, workspaceId);
  const accounts = await analyticsAccounts(d.t.deps, workspaceId);
  return stored && accounts && { ...stored, gaApiSecret: accounts.gaApiSecret, fbAccessToken: accounts.fbAccessToken };
}
const save = (page: Page) => page.getByRole('button', { name: 'Save settings' }).click();
/** The workspace row once `done` holds of it (up to 10 s): an earlier save's toast may still be showing when the next one is awaited. */
async function rowWhen(workspaceId: string, done: (r: NonNullable<Awaited<ReturnType<typeof row>>>) => boolean) {
  let current = await row(workspaceId);
  for (let waited = 0; !(current && done(current)) && waited < 10_000; waited += 100) {
    await Bun.sleep(100);
    current = await row(workspaceId);
  }
  return current;
}

describe.skipIf(skipBrowser)('Workspace settings page', () => {
  test('owner (Team): every setting saved through the page; secrets never shown, kept unless typed, cleared on "Clear"; the API’s messages under the fields', async () => {
    const { page, cspViolations, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'team' });
    await d.t.api('PATCH', `/workspaces/${workspaceId}`, {
      key,
      body: { name: 'Acme Marketing', ga_api_secret: 'ga-secret-1', fb_access_token: 'fb-token-1' },
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Workspace settings', level: 1 }).waitFor();
    const name = page.getByLabel('Workspace name', { exact: true });
    expect(await name.inputValue()).toBe('Acme Marketing');
    // the owner's GET carries the secrets, yet the page never puts them anywhere
    expect(await page.content()).not.toContain('ga-secret-1');
    expect(await page.getByLabel('New GA4 API secret').inputValue()).toBe('');
    expect(await descriptionOf(page.getByLabel('New GA4 API secret'))).toContain('A value is stored; it is never shown');

    await name.fill('Acme Growth');
    await page.getByLabel('GA4 measurement ID').fill('G-ABC123');
    await page.getByLabel('Meta pixel ID').fill('998877');
    await page.getByLabel('Script URLs').fill('https://cdn.ads.example/pixel.js\nhttps://tags.example/rt.js');
    await page.getByLabel('Default UTM source').fill('linkhop');
    await page.getByLabel('Default UTM medium').fill('link');
    await page.getByLabel('Expired-page URL').fill('https://acme.example/expired');
    await save(page);
    await toastSays(page, 'Settings saved');
    let stored = await row(workspaceId);
    expect(stored).toMatchObject({
      name: 'Acme Growth',
      gaId: 'G-ABC123',
      fbPixelId: '998877',
      retargetingScripts: ['https://cdn.ads.example/pixel.js', 'https://tags.example/rt.js'],
      defaultUtmParams: { source: 'linkhop', medium: 'link' },
      expiredPageUrl: 'https://acme.example/expired',
      // untouched secrets were not sent back (neither as the API's value nor as a mask)
      gaApiSecret: 'ga-secret-1',
      fbAccessToken: 'fb-token-1',
    });
    // the new name reaches the switcher
    await page.getByRole('button', { name: /^Workspace: Acme Growth/ }).waitFor();
    await checkA11y(page);
    await page.reload();
    await page.getByLabel('GA4 measurement ID').waitFor();
    await screenshot(page, 'settings', DOCS_SCREENSHOTS);
    expect(await widthAt375(page)).toBeLessThanOrEqual(375);

    // a new secret replaces the stored one; "Clear" removes the other
    await page.getByLabel('New GA4 API secret').fill('ga-secret-2');
    await page.getByRole('button', { name: 'Clear Meta access token' }).click();
    expect(await descriptionOf(page.getByLabel('New Meta access token'))).toContain('removed when you save');
    await save(page);
    stored = await rowWhen(workspaceId, (r) => r.gaApiSecret !== 'ga-secret-1');
    expect([stored!.gaApiSecret, stored!.fbAccessToken]).toEqual(['ga-secret-2', null]);
    await page.getByLabel('Meta access token', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Clear Meta access token' }).count()).toBe(0);

    // the API's validation, under the field it is about; nothing is stored
    await page.getByLabel('Script URLs').fill('https://ok.example/a.js\njavascript:alert(1)');
    await save(page);
    const scripts = page.getByLabel('Script URLs');
    await page.locator('[aria-invalid="true"]').first().waitFor();
    expect(await descriptionOf(scripts)).toContain('Invalid retargeting script URL: javascript:alert(1)');
    await page.getByLabel('Expired-page URL').fill('ftp://acme.example/gone');
    await page.getByLabel('Script URLs').fill('');
    await save(page);
    await page.getByText('Invalid expired_page_url: expected an http(s) URL', { exact: true }).waitFor();
    expect(await descriptionOf(page.getByLabel('Expired-page URL'))).toContain('Invalid expired_page_url');
    await checkA11y(page);
    expect((await row(workspaceId))!.retargetingScripts).toEqual(['https://cdn.ads.example/pixel.js', 'https://tags.example/rt.js']);
    expect((await row(workspaceId))!.expiredPageUrl).toBe('https://acme.example/expired');

    // an emptied field is cleared (null), the others are not sent
    await page.getByLabel('Expired-page URL').fill('');
    await save(page);
    stored = await rowWhen(workspaceId, (r) => r.expiredPageUrl === null);
    expect([stored!.expiredPageUrl, stored!.retargetingScripts, stored!.gaApiSecret]).toEqual([null, null, 'ga-secret-2']);
    expect(cspViolations).toEqual([]);
  }, 180_000);

  test('viewer, editor and admin: read-only settings with the reason, secrets masked, no delete; the API refuses their PATCH and DELETE', async () => {
    const owner = await signedIn(d, { role: 'owner', plan: 'agency' });
    await d.t.api('PATCH', `/workspaces/${owner.workspaceId}`, { key: owner.key, body: { ga_id: 'G-VIEW', ga_api_secret: 'hidden-secret' } });
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      const { page, cspViolations } = await signedIn(d, { role, workspaceId: owner.workspaceId });
      await page.goto(settingsUrl(owner.workspaceId));
      await page.getByRole('note').getByText(`Only the owner changes these settings. Your role in this workspace is ${role}`).waitFor();
      expect(await page.getByLabel('GA4 measurement ID').inputValue()).toBe('G-VIEW');
      expect(await page.getByLabel('GA4 measurement ID').isDisabled()).toBe(true);
      expect(await page.getByLabel('Workspace name', { exact: true }).isDisabled()).toBe(true);
      expect(await page.content()).not.toContain('hidden-secret');
      expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /Delete workspace/ }).count()).toBe(0);
      // the plan panel is for everyone
      await page.getByRole('heading', { name: 'Plan: Agency' }).waitFor();
      if (role === 'viewer') await checkA11y(page);
      expect(await sessionFetch(page, 'PATCH', `/workspaces/${owner.workspaceId}`, { name: 'Taken over' })).toBe(403);
      expect(await sessionFetch(page, 'DELETE', `/workspaces/${owner.workspaceId}`)).toBe(403);
      expect(cspViolations).toEqual([]);
    }
    expect((await row(owner.workspaceId))!.name).not.toBe('Taken over');
  }, 180_000);

  test('plans: retargeting scripts offered on Team and Agency, the API’s 402 reason on Free and Pro; the plan panel names the lowest plan of each feature', async () => {
    for (const plan of ['free', 'pro', 'team', 'agency'] as Plan[]) {
      const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan });
      await page.goto(settingsUrl(workspaceId));
      const section = page.getByRole('region', { name: 'Retargeting scripts' });
      await section.waitFor();
      const planPanel = page.getByRole('region', { name: /^Plan: / });
      const governanceRow = planPanel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Governance policies', exact: true }) });
      const clientsRow = planPanel.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Client workspaces', exact: true }) });
      if (plan === 'free' || plan === 'pro') {
        const refusal = await d.t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { retargeting_scripts: ['https://ads.example/p.js'] } });
        expect(refusal.status).toBe(402);
        await section.getByText(refusal.body.error).waitFor();
        expect(await section.getByLabel('Script URLs').count()).toBe(0);
        expect(await governanceRow.getByRole('cell').allTextContents()).toEqual(['Team plan', 'Not included: upgrade to Team']);
      } else {
        await section.getByLabel('Script URLs').waitFor();
        expect(await governanceRow.getByRole('cell').allTextContents()).toEqual(['Team plan', 'Included']);
      }
      expect(await clientsRow.getByRole('cell').nth(1).textContent()).toBe(plan === 'agency' ? 'Included' : 'Not included: upgrade to Agency');
      if (plan === 'pro') {
        await checkA11y(page);
        await page.setViewportSize({ width: 375, height: 812 });
        await planPanel.getByRole('heading', { name: 'Features' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${DOCS_SCREENSHOTS}/settings-plan-375.png` });
        await page.setViewportSize({ width: 1280, height: 800 });
        await planPanel.getByRole('heading', { name: /^Plan: / }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: `${DOCS_SCREENSHOTS}/settings-plan-wide.png` });
      }
    }
    // scripts set on Team, then the operator moves the workspace to Pro: kept, said to be off, and a save leaves them alone
    const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'team' });
    await d.t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { retargeting_scripts: ['https://ads.example/p.js'] } });
    await setWorkspacePlan(d.t.deps, workspaceId, 'pro', 'operator');
    await page.goto(settingsUrl(workspaceId));
    await page.getByRole('note').getByText('Retargeting scripts set on an earlier plan are kept, but redirects do not load them on this plan.').waitFor();
    await page.getByLabel('Default UTM source').fill('kept');
    await save(page);
    const saved = await rowWhen(workspaceId, (r) => r.defaultUtmParams?.source === 'kept');
    expect(saved!.retargetingScripts).toEqual(['https://ads.example/p.js']);
  }, 180_000);

  test('owner deletes the workspace after typing its name, lands on /app, and the switcher no longer lists it', async () => {
    const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'pro' });
    await d.t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { name: 'Doomed <b>ws</b>' } });
    // a second workspace of the same person, where /app leads afterwards
    const other = await d.t.api('POST', '/workspaces', { key, body: { name: 'Keeper' } });
    expect(other.status).toBe(201);
    await page.goto(settingsUrl(workspaceId));
    await page.getByRole('button', { name: 'Delete workspace…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete workspace “Doomed <b>ws</b>”?' });
    await dialog.getByLabel('Type the workspace name to confirm').fill('Doomed');
    await dialog.getByRole('button', { name: 'Delete workspace' }).click();
    expect(await descriptionOf(dialog.getByLabel('Type the workspace name to confirm'))).toContain('Type the workspace name, Doomed <b>ws</b>, exactly');
    await checkA11y(page);
    expect(await row(workspaceId)).not.toBeNull();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row(workspaceId)).not.toBeNull();

    await page.getByRole('button', { name: 'Delete workspace…' }).click();
    await dialog.getByLabel('Type the workspace name to confirm').fill('Doomed <b>ws</b>');
    await dialog.getByRole('button', { name: 'Delete workspace' }).click();
    await toastSays(page, 'Workspace “Doomed <b>ws</b>” was deleted');
    await page.waitForURL(new RegExp(`/app/w/${other.body.id}$`));
    expect(await row(workspaceId)).toBeNull();
    expect((await d.t.api('GET', `/workspaces/${workspaceId}`, { key: other.body.api_key })).status).toBe(404);
    await page.getByRole('button', { name: /^Workspace:/ }).click();
    const names = await page.getByRole('list', { name: 'Your workspaces' }).getByRole('link').allTextContents();
    expect(names.some((n) => n.startsWith('Keeper'))).toBe(true);
    expect(names.some((n) => n.includes('Doomed'))).toBe(false);
  }, 120_000);
});

describe.skipIf(skipBrowser)('Governance page', () => {
  test('owner (Team): sets a policy with each rule’s scope stated, the API’s message under a bad value, then a new link is refused and an old one kept', async () => {
    const { page, cspViolations, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'team' });
    await d.t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { name: 'Acme Marketing' } });
    const old = await d.t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://blocked.example/old' } });
    expect(old.status).toBe(201);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Governance' }).click();
    await page.getByRole('heading', { name: 'Governance policy', level: 1 }).waitFor();
    await page.getByText('No policy is set: every new link is accepted.').waitFor();
    // every rule says what the governance module really checks: new links only
    expect(await page.getByText('Applies to new links only').count()).toBe(3);

    await page.getByLabel('Require a title (require_title)').check();
    await page.getByLabel('Maximum days until expiry (max_expiry_days)').fill('0');
    await page.getByLabel('Block these domains (blocked_domains)').check();
    await page.getByLabel('Blocked domains').fill('Blocked.example\n');
    await page.getByRole('button', { name: 'Save policy' }).click();
    const days = page.getByLabel('Maximum days until expiry (max_expiry_days)');
    await page.locator('[aria-invalid="true"]').waitFor();
    expect(await descriptionOf(days)).toContain('Invalid governance policy: max_expiry_days must be a positive integer');
    expect((await row(workspaceId))!.governance).toBeNull();
    await checkA11y(page);

    await days.fill('30');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await toastSays(page, 'Policy saved');
    await page.getByText('A policy is in force.').waitFor();
    expect((await row(workspaceId))!.governance).toEqual({
      require_utm: false,
      require_tags: false,
      require_title: true,
      max_expiry_days: 30,
      blocked_domains: ['blocked.example'],
    });
    await page.reload();
    await page.getByText('A policy is in force.').waitFor();
    await screenshot(page, 'governance', DOCS_SCREENSHOTS);
    expect(await widthAt375(page)).toBeLessThanOrEqual(375);
    // the policy at work: a new link to the blocked domain is refused, the old one is untouched
    const refused = await d.t.api('POST', `/workspaces/${workspaceId}/links`, {
      key,
      body: { target: 'https://blocked.example/new', title: 'x', expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect([refused.status, refused.body.error]).toEqual([400, 'Governance: target domain blocked (blocked.example is in blocked_domains)']);
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/links/${old.body.id}`, { key })).status).toBe(200);

    await page.getByRole('button', { name: 'Remove the policy' }).click();
    await toastSays(page, 'Policy removed');
    await page.getByText('No policy is set').waitFor();
    expect((await row(workspaceId))!.governance).toBeNull();
    expect(cspViolations).toEqual([]);
  }, 180_000);

  test('governance by plan and role: Free and Pro get the API’s 402 reason; admins and below read the policy; the API refuses their change', async () => {
    for (const plan of ['free', 'pro'] as Plan[]) {
      const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan });
      const refusal = await d.t.api('PATCH', `/workspaces/${workspaceId}`, { key, body: { governance: { require_tags: true } } });
      expect([refusal.status, refusal.body.error]).toEqual([402, featureMessage('governance')]);
      await page.goto(governanceUrl(workspaceId));
      await page.getByRole('note').getByText(refusal.body.error).waitFor();
      expect(await page.getByRole('button', { name: 'Save policy' }).count()).toBe(0);
      if (plan === 'pro') await checkA11y(page);
    }
    const owner = await signedIn(d, { role: 'owner', plan: 'agency' });
    await d.t.api('PATCH', `/workspaces/${owner.workspaceId}`, { key: owner.key, body: { governance: { require_tags: true } } });
    for (const role of ['viewer', 'editor', 'admin'] as const) {
      const { page } = await signedIn(d, { role, workspaceId: owner.workspaceId });
      await page.goto(governanceUrl(owner.workspaceId));
      await page.getByRole('note').getByText(`Only the owner changes the policy. Your role in this workspace is ${role}`).waitFor();
      expect(await page.getByLabel('Require at least one tag (require_tags)').isChecked()).toBe(true);
      expect(await page.getByLabel('Require at least one tag (require_tags)').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save policy' }).count()).toBe(0);
      expect(await sessionFetch(page, 'PATCH', `/workspaces/${owner.workspaceId}`, { governance: null })).toBe(403);
    }
    expect((await row(owner.workspaceId))!.governance).toEqual({ require_tags: true });
  }, 180_000);
});
