import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { checkA11y, mailedLink, signIn, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';

/** Invitations accepted in the browser, and what a viewer is (not) offered. */
warnIfNoChromium('dashboard invitations');

let d: Dashboard;
let owner: { email: string; workspaceId: string; key: string };

beforeAll(async () => {
  if (skipBrowser) return;
  d = await startDashboard();
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  owner = { email, ...(await d.t.bootstrap({ email, plan: 'pro' })) };
  await d.t.api('PATCH', `/workspaces/${owner.workspaceId}`, { key: owner.key, body: { name: 'Acme Marketing' } });
  const link = await d.t.api('POST', `/workspaces/${owner.workspaceId}/links`, {
    key: owner.key,
    body: { target: 'https://example.com/a', title: 'Spring sale' },
  });
  expect(link.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await d?.close();
});

async function invite(email: string, role: string) {
  const before = d.mail.to(email).length;
  const res = await d.t.api('POST', `/workspaces/${owner.workspaceId}/invites`, { key: owner.key, body: { email, role } });
  expect(res.status).toBe(201);
  return mailedLink(d, email, 'invite', before);
}

describe.skipIf(skipBrowser)('invitations', () => {
  test('a new person opens the mailed invitation, sees the workspace and role, joins with one button and is signed in', async () => {
    const email = `newcomer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const url = await invite(email, 'editor');
    const { page, cspViolations } = await d.newPage();
    await page.goto(url);
    await page.getByText('You are invited to Acme Marketing as editor.').waitFor();
    expect(page.url()).toBe(d.appUrl('/invite')); // the token left the address bar
    await checkA11y(page);
    await page.getByRole('button', { name: 'Join Acme Marketing' }).click();
    await page.waitForURL(d.appUrl(`/w/${owner.workspaceId}`));
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('status').getByText('You joined Acme Marketing').waitFor();
    // an editor is offered writes
    await expect(page.getByRole('link', { name: 'New link' }).count()).resolves.toBe(1);
    expect(cspViolations).toEqual([]);

    // the same invitation again: accepted already
    const { page: again } = await d.newPage();
    await again.goto(url);
    await again.getByRole('alert').getByText('This invitation has expired or was already accepted').waitFor();
  });

  test('an unknown invitation says so', async () => {
    const { page } = await d.newPage();
    await page.goto(d.appUrl('/invite#token=no-such-invitation-token'));
    await page.getByRole('alert').getByText('This invitation does not exist').waitFor();
    await checkA11y(page);
  });

  test('a viewer sees the data but no write controls', async () => {
    const email = `viewer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { page } = await d.newPage();
    await page.goto(await invite(email, 'viewer'));
    await page.getByRole('button', { name: 'Join Acme Marketing' }).click();
    await page.waitForURL(d.appUrl(`/w/${owner.workspaceId}`));
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('link', { name: 'Spring sale' }).waitFor();
    await expect(page.getByRole('link', { name: 'New link' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'New link' }).count()).resolves.toBe(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Links' }).click();
    await page.getByText('Spring sale').first().waitFor();
    for (const name of ['New link', 'Delete', 'Save', 'Edit']) {
      await expect(page.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
      await expect(page.getByRole('link', { name, exact: true }).count()).resolves.toBe(0);
    }
    await checkA11y(page);
  });

  test('an existing account joining while signed out is mailed a sign-in link, and joins once signed in as itself', async () => {
    const email = `existing-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await d.t.bootstrap({ email });
    const before = d.mail.to(email).length;
    const { page } = await d.newPage();
    const url = await invite(email, 'viewer');
    await page.goto(url);
    await page.getByRole('button', { name: 'Join Acme Marketing' }).click();
    await page.getByRole('heading', { name: 'Sign in to join Acme Marketing' }).waitFor();
    await checkA11y(page);
    await mailedLink(d, email, 'sign-in', before);
    // not a member by the token alone
    const members = await d.t.api('GET', `/workspaces/${owner.workspaceId}/members`, { key: owner.key });
    expect(members.body.members.map((m: { email: string }) => m.email)).not.toContain(email);

    await signIn(d, page, email);
    await page.goto(url);
    await page.getByRole('button', { name: 'Join Acme Marketing' }).click();
    await page.waitForURL(d.appUrl(`/w/${owner.workspaceId}`));
    await page.getByRole('button', { name: /^Workspace:/ }).click();
    await page.getByRole('link', { name: /Acme Marketing/ }).waitFor();
  });
});
