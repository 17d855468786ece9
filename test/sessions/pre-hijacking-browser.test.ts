import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mailedLink, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from '../dashboard/harness';

/**
 * The pre-hijacking attack (docs/security.md) with two real browsers: the attacker's joins through the
 * invitation they made for the victim's address and keeps its session; the victim's first sign-in by the
 * link mailed to them ends that session, and the page says so.
 */
warnIfNoChromium('pre-hijacking in the browser');

let d: Dashboard;
beforeAll(async () => {
  if (skipBrowser) return;
  d = await startDashboard();
}, 60_000);
afterAll(async () => {
  await d?.close();
});

const address = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@bigcorp.test`;

async function inviteFrom(ws: { workspaceId: string; key: string }, email: string, role: string) {
  const before = d.mail.to(email).length;
  expect((await d.t.api('POST', `/workspaces/${ws.workspaceId}/invites`, { key: ws.key, body: { email, role } })).status).toBe(201);
  return mailedLink(d, email, 'invite', before);
}

describe.skipIf(skipBrowser)('account pre-hijacking through invitations, in Chromium', () => {
  test("the victim's mailed sign-in ends the attacker's session on their account, and the page tells them", async () => {
    const victimEmail = address('ceo');
    const attacker = await d.t.bootstrap({ email: address('attacker'), plan: 'free' });
    await d.t.api('PATCH', `/workspaces/${attacker.workspaceId}`, { key: attacker.key, body: { name: 'Free Trap' } });

    // the attacker opens the invitation they made (they saw its token) in their own browser: signed in as the victim's address
    const { page: attackerPage } = await d.newPage();
    await attackerPage.goto(await inviteFrom(attacker, victimEmail, 'editor'));
    await attackerPage.getByRole('button', { name: 'Join Free Trap' }).click();
    await attackerPage.waitForURL(d.appUrl(`/w/${attacker.workspaceId}`));
    const session = await attackerPage.evaluate(async () => (await fetch('/api/session')).json());
    expect(session.user.email).toBe(victimEmail);
    // and hides the membership
    expect((await d.t.api('DELETE', `/workspaces/${attacker.workspaceId}/members/${session.user.id}`, { key: attacker.key })).status).toBe(200);

    // the real person is invited by their employer; their account exists, so the invitation asks them to sign in
    const employer = await d.t.bootstrap({ email: address('employer'), plan: 'team' });
    await d.t.api('PATCH', `/workspaces/${employer.workspaceId}`, { key: employer.key, body: { name: 'BigCorp' } });
    const invitation = await inviteFrom(employer, victimEmail, 'admin');
    const { page: victimPage } = await d.newPage();
    const before = d.mail.to(victimEmail).length;
    await victimPage.goto(invitation);
    await victimPage.getByRole('button', { name: 'Join BigCorp' }).click();
    await victimPage.getByRole('heading', { name: 'Sign in to join BigCorp' }).waitFor();

    // the link mailed to them: the first sign-in with proof of the mailbox
    await victimPage.goto(await mailedLink(d, victimEmail, 'sign-in', before));
    await victimPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await victimPage
      .getByRole('status')
      .getByText(/we ended what was opened on this account before you proved your address: 1 other session/)
      .waitFor();
    await victimPage.goto(invitation);
    await victimPage.getByRole('button', { name: 'Join BigCorp' }).click();
    await victimPage.waitForURL(d.appUrl(`/w/${employer.workspaceId}`));

    // the attacker's browser is signed out: its next page is the sign-in page, and the API refuses its cookie
    await attackerPage.goto(d.appUrl(`/w/${employer.workspaceId}`));
    await attackerPage.getByRole('heading', { name: 'Sign in to Linkhop' }).waitFor();
    expect(await attackerPage.evaluate(async () => (await fetch('/api/session')).status)).toBe(401);
  });
});
