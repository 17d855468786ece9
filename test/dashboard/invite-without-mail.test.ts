import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { signInUrlFor } from '../../modules/sessions';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';
import { widthAt375 } from './narrow';

/** Without SMTP_URL the invitation mail only reaches the server log: the invite form hands out the link instead. */
warnIfNoChromium('invite-without-mail.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard({ env: { SMTP_URL: '' } });
}, 60_000);
afterAll(() => d?.close());

describe.skipIf(skipBrowser)('invitations without a mail server', () => {
  test('the invite form shows the invitation link with Copy; the link opens the invitation', async () => {
    expect(d.t.config.smtpUrl).toBeUndefined();
    const email = `owner-nomail-${process.pid}@example.com`;
    const owner = await d.t.bootstrap({ email, plan: 'pro' });
    await d.t.api('PATCH', `/workspaces/${owner.workspaceId}`, { key: owner.key, body: { name: 'Mailless' } });
    const { page, cspViolations } = await d.newPage();
    // no mail to read the sign-in link from: the operator's CLI path (signInUrlFor) gives it
    await page.goto((await signInUrlFor(d.t.deps, email)).url);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/app\/w\//);
    await page.goto(d.appUrl(`/w/${owner.workspaceId}/members`));

    const invitee = `guest-nomail-${process.pid}@example.com`;
    await page.getByLabel('E-mail', { exact: true }).fill(invitee);
    await page.getByRole('button', { name: 'Create invitation' }).click();
    const handOut = page.getByRole('status').filter({ hasText: 'No mail server is set up' });
    await handOut.getByText(`Send ${invitee} this invitation link yourself`).waitFor();
    const url = (await handOut.locator('code').textContent())!;
    expect(url).toMatch(new RegExp(`^${d.t.config.siteUrl.replace(/[.]/g, '\\.')}/app/invite#token=[\\w-]+$`));
    await handOut.getByRole('button', { name: 'Copy invitation link' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'invite-without-mail');
    expect(await widthAt375(page)).toBeLessThanOrEqual(375);
    expect(cspViolations).toEqual([]);

    // the link is the real one: the invitee's browser opens the invitation
    const { page: guest } = await d.newPage();
    await guest.goto(url);
    await guest.getByText('You are invited to Mailless as viewer.').waitFor();
  }, 60_000);
});
