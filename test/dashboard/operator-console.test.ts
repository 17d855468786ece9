import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { isOperator, setOperator } from '../../modules/members/service';
import { ADMIN_TOKEN } from '../helpers/app';
import { checkA11y, DOCS_SCREENSHOTS, screenshot, signIn, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';
import { toastSays } from './links-fixtures';
import { widthAt375 } from './narrow';
import { sessionFetch } from './session-api';

/** The operator console: every workspace and user for an instance operator; nothing of it for anyone else. Plan notices say who changes a plan. */
warnIfNoChromium('operator-console.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

let people = 0;
const address = (label: string) => `${label}-${process.pid}-${people++}@example.com`;

/** A user owning a workspace on `plan`; an instance operator when asked. */
async function person(label: string, opts: { plan?: 'free' | 'pro' | 'agency'; workspace?: string; operator?: boolean } = {}) {
  const email = address(label);
  const made = await d.t.bootstrap({ email, plan: opts.plan ?? 'free', workspace: opts.workspace });
  if (opts.operator) await setOperator(d.t.deps.db, made.userId);
  return { ...made, email };
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const planOf = async (wsId: string, key: string) => (await d.t.api('GET', `/workspaces/${wsId}`, { key })).body.plan;

describe.skipIf(skipBrowser)('operator console', () => {
  test('an operator finds workspaces and users, changes a plan, mints a sign-in link that works once, and names another operator', async () => {
    const operator = await person('operator', { plan: 'agency', workspace: 'Instance HQ', operator: true });
    const acme = await person('acme-owner', { workspace: 'Acme Widgets' });
    await d.t.api('POST', `/workspaces/${acme.workspaceId}/links`, { key: acme.key, body: { target: 'https://example.com/acme' } });
    const { page, cspViolations } = await d.newPage();
    await signIn(d, page, operator.email);

    await mainNav(page).getByRole('link', { name: 'Operator console' }).click();
    await page.waitForURL(d.appUrl(`/w/${operator.workspaceId}/operator`));
    await page.getByRole('heading', { name: 'Operator console', level: 1 }).waitFor();
    await page.getByRole('heading', { name: /^Workspaces \(\d+\)$/ }).waitFor();

    // search narrows the workspaces; the row shows plan, members, links and clicks
    const workspaceSearch = page.getByRole('search', { name: 'Search workspaces' }).getByLabel('Search');
    await workspaceSearch.fill('acme widg');
    const workspaces = page.getByRole('table', { name: /^Workspaces, / });
    await page.getByRole('table', { name: 'Workspaces, 1 in all' }).waitFor();
    const acmeRow = workspaces.getByRole('row', { name: /Acme Widgets/ });
    await expect(acmeRow.getByRole('combobox', { name: 'Plan of Acme Widgets' }).inputValue()).resolves.toBe('free');
    await expect(acmeRow.getByRole('cell').allTextContents()).resolves.toEqual([expect.any(String), '1', '1', '0', expect.any(String)]);
    await workspaceSearch.fill('no such workspace at all');
    await page.getByText('No workspace matches “no such workspace at all”.').waitFor();
    await workspaceSearch.fill('Acme');
    await page.getByRole('table', { name: 'Workspaces, 1 in all' }).waitFor();

    // a plan change takes effect at once (and is the audited service call)
    await page.getByRole('combobox', { name: 'Plan of Acme Widgets' }).selectOption('team');
    await toastSays(page, 'Acme Widgets is now on team');
    expect(await planOf(acme.workspaceId, acme.key)).toBe('team');
    const audit = await d.t.api('GET', `/workspaces/${acme.workspaceId}/audit-log?action=workspace.plan`, { key: acme.key });
    expect(audit.body.entries[0]).toMatchObject({ user_id: operator.userId });

    // users: search, then a sign-in link, shown once with a copy button
    const userSearch = page.getByRole('search', { name: 'Search users' }).getByLabel('Search');
    await userSearch.fill(acme.email.toUpperCase());
    await page.getByRole('table', { name: 'Users, 1 in all' }).waitFor();
    await expect(page.getByRole('button', { name: `Make operator ${operator.email}` }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: `Sign-in link for ${acme.email}` }).click();
    const minted = page.getByRole('region', { name: `Sign-in link for ${acme.email}` });
    await minted.waitFor();
    await expect(minted.getByRole('button', { name: `Copy sign-in link for ${acme.email}` }).count()).resolves.toBe(1);
    const url = (await minted.locator('code').textContent())!;
    expect(url).toMatch(new RegExp(`^${d.t.config.siteUrl}/app/sign-in#token=[A-Za-z0-9_-]+$`));
    await checkA11y(page);
    await minted.getByRole('button', { name: 'Done' }).click();
    await expect(minted.count()).resolves.toBe(0);

    // the link signs that person in, once
    const other = await d.newPage();
    await other.page.goto(url);
    await other.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.page.waitForURL(d.appUrl(`/w/${acme.workspaceId}`));
    const reused = await d.newPage();
    await reused.page.goto(url);
    await reused.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await reused.page.getByRole('alert').waitFor();
    expect(reused.page.url()).not.toContain('/app/w/');
    // …who is no operator: no console in their navigation
    await mainNav(other.page).getByRole('link', { name: 'Members' }).waitFor();
    await expect(mainNav(other.page).getByRole('link', { name: 'Operator console' }).count()).resolves.toBe(0);

    // making them an operator asks first, then shows in the list
    await page.getByRole('button', { name: `Make operator ${acme.email}` }).click();
    const dialog = page.getByRole('dialog', { name: `Make ${acme.email} an operator?` });
    await dialog.getByRole('button', { name: 'Make operator' }).click();
    await toastSays(page, `${acme.email} is now an operator`);
    await page.getByRole('button', { name: `Remove operator ${acme.email}` }).waitFor();
    expect(await isOperator(d.t.deps.db, acme.userId)).toBe(true);
    expect(await sessionFetch(other.page, 'GET', '/operator/users')).toBe(200);

    await userSearch.fill('');
    await workspaceSearch.fill('');
    await page.getByRole('status').filter({ hasText: 'is now an operator' }).waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('table', { name: /^Users, \d+ in all$/ }).waitFor();
    await checkA11y(page);
    expect(await widthAt375(page)).toBeLessThanOrEqual(375);
    expect(cspViolations).toEqual([]);
    await screenshot(page, 'operator-console', DOCS_SCREENSHOTS);
  });

  test("operator actions (the console's and the operator token's) are listed under Operator actions, at once and by who did them", async () => {
    const operator = await person('auditor', { plan: 'agency', operator: true });
    const subject = await person('audited', { workspace: 'Audited Co' });
    // the operator token's sign-in link, before the page is open
    const minted = await d.t.api('POST', '/admin/login-link', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: { email: subject.email } });
    expect(minted.status).toBe(200);
    const { page, cspViolations } = await d.newPage();
    await signIn(d, page, operator.email);
    await page.goto(d.appUrl('/operator'));
    const log = page.getByRole('region', { name: /^Operator actions/ });
    const table = log.getByRole('table', { name: /^Operator actions, \d+ in all$/ });
    await table
      .getByRole('row', { name: new RegExp(`Made a sign-in link.*${subject.email}`) })
      .filter({ hasText: 'Operator token or command line' })
      .waitFor();

    // the console's own actions show at once, naming this operator
    await page.getByRole('search', { name: 'Search users' }).getByLabel('Search').fill(subject.email);
    await page.getByRole('table', { name: 'Users, 1 in all' }).waitFor();
    await page.getByRole('button', { name: `Sign-in link for ${subject.email}` }).click();
    await page
      .getByRole('region', { name: `Sign-in link for ${subject.email}` })
      .getByRole('button', { name: 'Done' })
      .click();
    await table
      .getByRole('row', { name: new RegExp(`Made a sign-in link.*${subject.email}`) })
      .filter({ hasText: operator.email })
      .waitFor();
    await page.getByRole('search', { name: 'Search workspaces' }).getByLabel('Search').fill('Audited Co');
    await page.getByRole('table', { name: 'Workspaces, 1 in all' }).waitFor();
    await page.getByRole('combobox', { name: 'Plan of Audited Co' }).selectOption('team');
    await toastSays(page, 'Audited Co is now on team');
    const planRow = table.getByRole('row', { name: new RegExp(`Changed a plan.*${subject.workspaceId}`) });
    await planRow.waitFor();
    await expect(planRow.textContent()).resolves.toContain('free → team');
    await expect(planRow.textContent()).resolves.toContain(operator.email);

    await page.getByRole('status').filter({ hasText: 'is now on team' }).waitFor({ state: 'detached', timeout: 10_000 });
    await checkA11y(page);
    expect(await widthAt375(page)).toBeLessThanOrEqual(375);
    expect(cspViolations).toEqual([]);
    await log.scrollIntoViewIfNeeded();
    await screenshot(page, 'operator-audit');
  });

  test('lists page through the instance; names are shown as text, never run', async () => {
    const operator = await person('pager', { plan: 'agency', operator: true });
    for (let i = 0; i < 21; i++) await person(`many-${i}`);
    const script = '<img src=x onerror="window.__ran=1">';
    await person('script', { workspace: script });
    const { page } = await d.newPage();
    await signIn(d, page, operator.email);
    await page.goto(d.appUrl('/operator'));
    const pages = page.getByRole('navigation', { name: 'Pages of users' });
    await pages.getByText(/^Page 1 of \d+$/).waitFor();
    const firstPage = await page
      .getByRole('table', { name: /^Users, / })
      .getByRole('rowheader')
      .allTextContents();
    await pages.getByRole('button', { name: 'Next' }).click();
    await pages.getByText(/^Page 2 of \d+$/).waitFor();
    const secondPage = await page
      .getByRole('table', { name: /^Users, / })
      .getByRole('rowheader')
      .allTextContents();
    expect(firstPage).toHaveLength(20);
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
    await page.getByRole('search', { name: 'Search workspaces' }).getByLabel('Search').fill('onerror');
    await page
      .getByRole('table', { name: 'Workspaces, 1 in all' })
      .getByRole('rowheader', { name: new RegExp(`^${script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .waitFor();
    expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  });

  test('a non-operator sees no console: no navigation entry, "Not available" at its address, 403 from its API', async () => {
    const plain = await person('plain', { plan: 'pro' });
    const { page } = await d.newPage();
    await signIn(d, page, plain.email);
    await mainNav(page).getByRole('link', { name: 'Members' }).waitFor();
    await expect(mainNav(page).getByRole('link', { name: 'Operator console' }).count()).resolves.toBe(0);
    await page.goto(d.appUrl('/operator'));
    await page.waitForURL(d.appUrl(`/w/${plain.workspaceId}/operator`));
    await page.getByRole('heading', { name: 'Not available' }).waitFor();
    await page.getByText('ask your instance operator').waitFor();
    await expect(page.getByRole('table').count()).resolves.toBe(0);
    for (const [method, path, body] of [
      ['GET', '/operator/workspaces', undefined],
      ['GET', '/operator/users?q=a', undefined],
      ['PATCH', `/operator/workspaces/${plain.workspaceId}`, { plan: 'agency' }],
      ['POST', `/operator/users/${plain.userId}/sign-in-link`, undefined],
      ['PATCH', `/operator/users/${plain.userId}`, { is_operator: true }],
    ] as const)
      expect({ path, status: await sessionFetch(page, method, path, body) }).toEqual({ path, status: 403 });
    expect(await planOf(plain.workspaceId, plain.key)).toBe('pro');
    expect(await isOperator(d.t.deps.db, plain.userId)).toBe(false);
    await checkA11y(page);
  });
});

describe.skipIf(skipBrowser)('plan notices say who changes a plan', () => {
  test('a member is told to ask the instance operator; an operator is led to the console', async () => {
    const member = await person('free-owner');
    const { page } = await d.newPage();
    await signIn(d, page, member.email);
    const notice = page.getByRole('note').filter({ has: page.getByRole('heading', { name: 'Not on this plan' }) });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain('ask your instance operator to change this workspace’s plan');
    await expect(notice.textContent()).resolves.toContain('DEFAULT_PLAN');
    await expect(notice.getByRole('link').count()).resolves.toBe(0);
    // the link editor's locked sections say the same
    await page.goto(d.appUrl(`/w/${member.workspaceId}/links/new`));
    await page.getByRole('heading', { name: 'Geo, device and OS routing' }).waitFor();
    await expect(page.getByRole('region', { name: 'Rules' }).getByRole('note').getByText('Your instance operator can change the plan.').count()).resolves.toBe(
      1,
    );
    await checkA11y(page);

    const operator = await person('free-operator', { operator: true });
    const own = await d.newPage();
    await signIn(d, own.page, operator.email);
    const operatorNotice = own.page.getByRole('note').filter({ has: own.page.getByRole('heading', { name: 'Not on this plan' }) });
    await operatorNotice.getByRole('link', { name: 'operator console' }).click();
    await own.page.waitForURL(d.appUrl(`/w/${operator.workspaceId}/operator`));
    await own.page.getByRole('search', { name: 'Search workspaces' }).getByLabel('Search').fill(operator.workspaceId);
    await own.page.getByRole('table', { name: 'Workspaces, 1 in all' }).waitFor();
    await own.page.getByRole('combobox', { name: /^Plan of / }).selectOption('pro');
    await toastSays(own.page, /is now on pro/);
    await own.page.getByRole('link', { name: 'Overview' }).click();
    await own.page.getByRole('heading', { name: 'Clicks per day, last 30 days' }).waitFor();
    await checkA11y(own.page);
  });
});
