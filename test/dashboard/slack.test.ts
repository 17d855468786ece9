import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { links as linksTable } from '../../modules/links/schema';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { describedWith, signedIn, toastSays } from './links-fixtures';
import { widthAt375 } from './narrow';

warnIfNoChromium('slack.test.ts');

let d: Dashboard;
beforeAll(async () => {
  if (!skipBrowser) d = await startDashboard();
}, 60_000);
afterAll(() => d?.close());

const SECRET = '8f742231b10e8888abcd99edf1f0d5a5';

/** A slash command as Slack signs it, through the app. */
async function slashCommand(teamId: string, text: string) {
  const body = new URLSearchParams({ team_id: teamId, user_id: 'U1', user_name: 'ann', command: '/linkhop', text }).toString();
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac('sha256', SECRET).update(`v0:${ts}:${body}`).digest('hex')}`;
  const res = await d.t.app.handle(
    new Request(`${d.t.config.siteUrl}/api/slack/commands`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': ts, 'x-slack-signature': signature },
    }),
  );
  return (await res.json()) as { response_type: string; text: string };
}

describe.skipIf(skipBrowser)('Slack page', () => {
  test('owner: link a Slack team, the command works with the secret given, unlink it with confirmation', async () => {
    const { page, cspViolations, workspaceId } = await signedIn(d, { role: 'owner' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Slack' }).click();
    await page.getByRole('heading', { name: 'Slack', level: 1 }).waitFor();
    await page.getByText(`${d.t.config.siteUrl}/api/slack/commands`).waitFor();
    await page.getByRole('heading', { name: 'No Slack workspace linked yet' }).waitFor();
    await checkA11y(page);

    // a refusal stands under its field
    const team = page.getByLabel('Slack team ID');
    await team.fill('acme');
    await page.getByLabel('Name', { exact: true }).fill('Acme <Slack>');
    await page.getByLabel('Signing secret').fill(SECRET);
    await page.getByRole('button', { name: 'Link Slack workspace' }).click();
    expect(await describedWith(team, 'team_id')).toContain('team_id');
    await checkA11y(page);

    await team.fill('T0SLACK01');
    await page.getByLabel('Role of the command').selectOption('editor');
    await page.getByRole('button', { name: 'Link Slack workspace' }).click();
    await toastSays(page, 'Linked “Acme <Slack>”: try /linkhop help in Slack');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Acme <Slack>', exact: true }) });
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents()).slice(0, 4)).toEqual(['T0SLACK01', 'editor', 'Default', expect.any(String)]);
    // the secret field is emptied, and the secret is nowhere in the page
    expect(await page.getByLabel('Signing secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain(SECRET);
    await checkA11y(page);
    await screenshot(page, 'slack', DOCS_SCREENSHOTS);
    expect(await widthAt375(page)).toBeLessThanOrEqual(375);

    // the link made here is the one Slack's signed commands find
    const made = await slashCommand('T0SLACK01', 'https://example.com/from-slack');
    expect(made.response_type).toBe('in_channel');
    const links = await d.t.deps.db.select().from(linksTable).where(eq(linksTable.workspaceId, workspaceId));
    expect(links.map((l) => l.target)).toContain('https://example.com/from-slack');
    await page.reload();
    await row.waitFor();
    expect(await row.getByRole('cell').nth(4).textContent()).not.toBe('Never');

    await row.getByRole('button', { name: 'Unlink Acme <Slack>' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlink “Acme <Slack>”?' });
    await dialog.getByText('T0SLACK01').waitFor();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await toastSays(page, 'Unlinked “Acme <Slack>”');
    await row.waitFor({ state: 'detached' });
    expect((await slashCommand('T0SLACK01', 'https://example.com/after')).text).toContain('not linked');
    expect(cspViolations).toEqual([]);
  }, 120_000);

  test('an admin has no Slack entry and is told why on the page', async () => {
    const owner = await d.t.bootstrap({ plan: 'pro' });
    const { page } = await signedIn(d, { role: 'admin', workspaceId: owner.workspaceId });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Slack' }).count()).toBe(0);
    await page.goto(d.appUrl(`/w/${owner.workspaceId}/slack`));
    await page.getByText('Only the workspace owner links Slack workspaces. Your role here is admin.').waitFor();
    expect(await page.getByLabel('Signing secret').count()).toBe(0);
    await checkA11y(page);
  }, 60_000);
});
