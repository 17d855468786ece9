import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import type { Role } from '../../core/plans';
import { addMember, ensureUser, membershipRole } from '../../modules/members/service';
import { checkA11y, mailedLink, screenshot, signIn, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { toastSays } from './links-fixtures';
import { sessionFetch } from './session-api';

/** Members and invitations: invite, change a role, remove, revoke; what each role is (not) offered. */
warnIfNoChromium('members.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

let people = 0;
const address = (label: string) => `${label}-${process.pid}-${people++}@example.com`;

/** A workspace of `plan` with an owner and one member of each given role (named after the role). */
async function team(plan: 'free' | 'pro' | 'team', roles: Role[]) {
  const ownerEmail = address('owner');
  const owner = await d.t.bootstrap({ email: ownerEmail, plan });
  const members: Record<string, { id: string; email: string }> = {};
  for (const [i, role] of roles.entries()) {
    const user = await ensureUser(d.t.deps.db, address(`${role}${i}`), `${role[0]!.toUpperCase()}${role.slice(1)} ${i}`, { proven: true });
    await addMember(d.t.deps.db, owner.workspaceId, user.id, role);
    members[`${role}${i}`] = user;
  }
  return { ...owner, ownerEmail, members };
}

async function openMembers(email: string, workspaceId: string, width?: number) {
  const { page, cspViolations } = await d.newPage({ width });
  await signIn(d, page, email);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Members' }).click();
  await page.waitForURL(d.appUrl(`/w/${workspaceId}/members`));
  await page.getByRole('heading', { name: /^Members \(\d+\)$/ }).waitFor();
  return { page, cspViolations };
}

const roleSelect = (page: Page, email: string) => page.getByRole('combobox', { name: `Role of ${email}` });
const removeButton = (page: Page, email: string) => page.getByRole('button', { name: `Remove ${email}`, exact: true });

describe.skipIf(skipBrowser)('members and invitations', () => {
  test('an owner invites by e-mail with a role, the invitee joins, resends it, the owner changes the role, revokes an invitation and removes a member', async () => {
    const ws = await team('pro', ['editor']);
    const editor = ws.members.editor0!;
    const { page, cspViolations } = await openMembers(ws.ownerEmail, ws.workspaceId);
    await page.getByRole('heading', { name: 'Members (2)' }).waitFor();
    // nobody changes their own role or removes themself
    await expect(roleSelect(page, ws.ownerEmail).count()).resolves.toBe(0);
    await expect(removeButton(page, ws.ownerEmail).count()).resolves.toBe(0);
    // an owner may give every role
    await expect(page.getByLabel('Role', { exact: true }).locator('option').allTextContents()).resolves.toEqual(['viewer', 'editor', 'admin', 'owner']);

    // invite: the mail goes out, the invitation is listed with its role and inviter
    const invitee = address('invitee');
    await page.getByLabel('E-mail').fill(invitee);
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toastSays(page, `Invitation sent to ${invitee}`);
    const invites = page.getByRole('region', { name: 'Pending invitations (1)' });
    await invites.getByRole('row', { name: new RegExp(`${invitee} admin .* ${ws.ownerEmail}`) }).waitFor();
    const joinUrl = await mailedLink(d, invitee, 'invite');
    await checkA11y(page);
    await page.getByRole('status').filter({ hasText: 'Invitation sent to' }).waitFor({ state: 'detached' });
    await screenshot(page, 'members', DOCS_SCREENSHOTS);
    // the same address again: the API's refusal is shown at the field
    await page.getByLabel('E-mail').fill(invitee);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`An invite is already pending for ${invitee}`).waitFor();
    await checkA11y(page);

    // resend: a new link is mailed (only a hash of each token is stored), the first one stops working
    await page.getByRole('button', { name: `Resend the invitation to ${invitee}` }).click();
    await toastSays(page, `Invitation to ${invitee} sent again, with a new link`);
    const resentUrl = await mailedLink(d, invitee, 'invite', 1);
    expect(resentUrl).not.toBe(joinUrl);

    // the invitee joins in the browser; the owner's list shows the new admin
    const { page: joining } = await d.newPage();
    await joining.goto(resentUrl);
    await joining.getByRole('button', { name: /^Join / }).click();
    await joining.waitForURL(d.appUrl(`/w/${ws.workspaceId}`));
    await page.reload();
    await page.getByRole('heading', { name: 'Members (3)' }).waitFor();
    await page.getByRole('heading', { name: 'Pending invitations (0)' }).waitFor();
    await expect(roleSelect(page, invitee).inputValue()).resolves.toBe('admin');

    // change a role: the API stores it
    await roleSelect(page, editor.email).selectOption('viewer');
    await toastSays(page, `${editor.email} is now viewer`);
    expect(await membershipRole(d.t.deps.db, ws.workspaceId, editor.id)).toBe('viewer');

    // revoke an invitation, with confirmation
    const second = address('second');
    await page.getByLabel('E-mail').fill(second);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toastSays(page, `Invitation sent to ${second}`);
    await page.getByRole('button', { name: `Revoke the invitation to ${second}` }).click();
    await page
      .getByRole('dialog', { name: `Revoke the invitation to ${second}?` })
      .getByRole('button', { name: 'Revoke invitation' })
      .click();
    await toastSays(page, `Invitation to ${second} revoked`);
    await page.getByRole('heading', { name: 'Pending invitations (0)' }).waitFor();
    const listed = await d.t.api('GET', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key });
    expect(listed.body.invites).toEqual([]);

    // remove a member, with confirmation
    await removeButton(page, editor.email).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${editor.email}?` });
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await toastSays(page, `${editor.email} was removed`);
    await page.getByRole('heading', { name: 'Members (2)' }).waitFor();
    expect(await membershipRole(d.t.deps.db, ws.workspaceId, editor.id)).toBeNull();
    expect(cspViolations).toEqual([]);
  });

  test('an admin is offered only members below their rank for role changes, never above their own role, and no owner removal', async () => {
    const ws = await team('pro', ['admin', 'admin', 'editor', 'viewer']);
    const me = ws.members.admin0!;
    const { page } = await openMembers(me.email, ws.workspaceId);
    await page.getByRole('heading', { name: 'Members (5)' }).waitFor();
    // the owner and the other admin: no role control; the owner cannot be removed by an admin, an equal admin can (as the API allows)
    await expect(roleSelect(page, ws.ownerEmail).count()).resolves.toBe(0);
    await expect(roleSelect(page, ws.members.admin1!.email).count()).resolves.toBe(0);
    await expect(roleSelect(page, me.email).count()).resolves.toBe(0);
    await expect(removeButton(page, ws.ownerEmail).count()).resolves.toBe(0);
    await expect(removeButton(page, me.email).count()).resolves.toBe(0);
    await expect(removeButton(page, ws.members.admin1!.email).count()).resolves.toBe(1);
    // lower ranks: changeable up to admin, removable
    for (const key of ['editor2', 'viewer3']) {
      const email = ws.members[key]!.email;
      await expect(roleSelect(page, email).locator('option').allTextContents()).resolves.toEqual(['viewer', 'editor', 'admin']);
      await expect(removeButton(page, email).count()).resolves.toBe(1);
    }
    await expect(page.getByLabel('Role', { exact: true }).locator('option').allTextContents()).resolves.toEqual(['viewer', 'editor', 'admin']);
    await checkA11y(page);
  });

  for (const role of ['viewer', 'editor'] as const) {
    test(`${role === 'viewer' ? 'a viewer' : 'an editor'} sees members and pending invitations but no invite form, role controls or remove buttons; the API refuses them too`, async () => {
      const ws = await team('pro', ['viewer', 'editor']);
      const pendingEmail = address('pending');
      const invited = await d.t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email: pendingEmail, role: 'editor' } });
      expect(invited.status).toBe(201);
      const me = role === 'viewer' ? ws.members.viewer0! : ws.members.editor1!;
      const other = role === 'viewer' ? ws.members.editor1! : ws.members.viewer0!;
      const { page, cspViolations } = await openMembers(me.email, ws.workspaceId);
      await page.getByRole('heading', { name: 'Members (3)' }).waitFor();
      await page.getByRole('region', { name: 'Pending invitations (1)' }).getByRole('rowheader', { name: pendingEmail }).waitFor();
      await expect(page.getByRole('button', { name: 'Send invitation' }).count()).resolves.toBe(0);
      await expect(page.getByRole('combobox').count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /^(Remove|Revoke|Resend)/ }).count()).resolves.toBe(0);
      // roles are shown as text
      await page.getByRole('row', { name: new RegExp(`${other.email} ${role === 'viewer' ? 'editor' : 'viewer'}`) }).waitFor();
      await checkA11y(page);
      expect(cspViolations).toEqual([]);
      // what the page does not offer, the API refuses to this person's own session
      const base = `/workspaces/${ws.workspaceId}`;
      const statuses = [
        await sessionFetch(page, 'POST', `${base}/invites`, { email: 'nobody@example.com' }),
        await sessionFetch(page, 'PATCH', `${base}/members/${other.id}`, { role: 'viewer' }),
        await sessionFetch(page, 'DELETE', `${base}/members/${other.id}`),
        await sessionFetch(page, 'DELETE', `${base}/invites/${invited.body.id}`),
      ];
      expect(statuses).toEqual([403, 403, 403, 403]);
    });
  }

  test("on a plan whose member limit is reached, inviting shows the API's 402 reason, not a broken form", async () => {
    const ws = await team('free', []);
    // Free: 3 seats, members plus pending invitations
    for (const label of ['seat1', 'seat2']) {
      expect((await d.t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email: address(label) } })).status).toBe(201);
    }
    const refused = await d.t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email: address('api') } });
    expect(refused.status).toBe(402);
    const { page } = await openMembers(ws.ownerEmail, ws.workspaceId);
    await page.getByLabel('E-mail').fill(address('over'));
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const note = page.getByRole('note').filter({ hasText: 'Not on this plan' });
    await note.getByText(refused.body.error).waitFor();
    await page.getByRole('heading', { name: 'Pending invitations (2)' }).waitFor();
    await checkA11y(page);
  });
});
