import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { PLAN_LIMITS, type Plan } from '../../core/plans';
import { domains as domainsTable } from '../../modules/domains/schema';
import { startDnsServer } from '../domains/dns-server';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { describedWith, signedIn, toastSays } from './links-fixtures';
import { sessionFetch } from './session-api';

/** Custom domains: add, the records to set, verify against a real DNS server on loopback, remove; what each role and plan is offered. */
warnIfNoChromium('domains.test.ts');

const CNAME_TARGET = 'cname.linkhop.test';
let d: Dashboard;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  if (skipBrowser) return;
  dns = await startDnsServer();
  d = await startDashboard({ env: { DNS_SERVERS: dns.address, CNAME_TARGET } });
}, 60_000);
afterAll(async () => {
  await d?.close();
  dns?.close();
});

let seq = 0;
/** a fresh hostname: domains are globally unique, and verification is rate limited per domain */
const host = (label: string) => `${label}-${process.pid}-${++seq}.example.com`;

const domainCard = (page: Page, domain: string) => page.getByRole('region', { name: domain, exact: true });
const recordRow = (page: Page, domain: string, type: 'TXT' | 'CNAME') =>
  domainCard(page, domain)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: type, exact: true }) });

/** Waits until the toasts (5 s each) are gone, for a screenshot of the page itself. */
async function withoutToasts(page: Page) {
  for (let waited = 0; waited < 10_000 && (await page.locator('.toast').count()) > 0; waited += 200) await Bun.sleep(200);
}

async function openDomains(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Domains' }).click();
  await page.getByRole('heading', { name: 'Custom domains', level: 1 }).waitFor();
  await page.getByRole('heading', { name: /^Your domains \(\d+\)$/ }).waitFor();
}

async function addInPage(page: Page, domain: string) {
  await page.getByLabel('Domain', { exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
}

async function apiDomains(workspaceId: string, key: string) {
  const res = await d.t.api('GET', `/workspaces/${workspaceId}/domains`, { key });
  expect(res.status).toBe(200);
  return res.body.domains as { id: string; domain: string; verified: number; txt_name: string; txt_record: string }[];
}

describe.skipIf(skipBrowser)('custom domains page', () => {
  test('owner: adds a domain, copies its records, verify shows what the DNS answered, a second one verifies, removal names the links it deletes', async () => {
    const { page, cspViolations, workspaceId, key } = await signedIn(d, { role: 'owner', plan: 'pro' });
    await openDomains(page);
    await page.getByRole('heading', { name: 'No custom domains yet' }).waitFor();

    // the API's refusal of a malformed hostname, under the field
    await addInPage(page, 'https://Go.Example.com');
    expect(await describedWith(page.getByLabel('Domain', { exact: true }), 'Invalid domain')).toContain('Invalid domain: use lowercase letters');

    const pending = host('go');
    await addInPage(page, pending);
    await toastSays(page, `Added ${pending}`);
    const card = domainCard(page, pending);
    await card.getByText('Pending verification').waitFor();
    const [created] = await apiDomains(workspaceId, key!);
    expect(created).toMatchObject({ domain: pending, verified: 0 });
    // the two records, each value with its copy button
    expect(await recordRow(page, pending, 'TXT').getByRole('cell').allTextContents()).toEqual([
      expect.stringContaining(`_linkhop.${pending}`),
      expect.stringContaining(created!.txt_record),
      'proves the domain is yours',
    ]);
    expect(await recordRow(page, pending, 'CNAME').getByRole('cell').nth(1).textContent()).toContain(CNAME_TARGET);
    await card.getByRole('button', { name: `Copy TXT value for ${pending}` }).click();
    await toastSays(page, `Copied ${created!.txt_record}`);
    await card.getByRole('button', { name: `Copy CNAME value for ${pending}` }).click();
    await toastSays(page, `Copied ${CNAME_TARGET}`);
    await page.getByLabel('Domain', { exact: true }).focus();
    await page.keyboard.press('Control+V');
    expect(await page.getByLabel('Domain', { exact: true }).inputValue()).toBe(CNAME_TARGET);
    await page.getByLabel('Domain', { exact: true }).fill('');

    // a wrong token and a CNAME elsewhere: the page says what was expected and what the DNS holds
    dns.zone.set(pending, { cname: 'elsewhere.example.net' });
    dns.zone.set(`_linkhop.${pending}`, { txt: [['linkhop-verify=not-the-token']] });
    await card.getByRole('button', { name: `Verify now ${pending}` }).click();
    const answer = card.getByRole('alert').filter({ hasText: 'is not verified yet' });
    await answer.getByText(`${pending} is not verified yet.`).waitFor();
    expect(await answer.textContent()).toContain(`Expected a TXT record ${created!.txt_record} at _linkhop.${pending}`);
    expect(await answer.getByRole('listitem').allTextContents()).toEqual([
      `TXT at _linkhop.${pending}: “linkhop-verify=not-the-token”`,
      `TXT at ${pending}: none (the name does not exist or has no TXT record)`,
      `CNAME at ${pending}: elsewhere.example.net (should be ${CNAME_TARGET})`,
    ]);
    await checkA11y(page);
    // at once again: the API's 10 s limit, said plainly
    await card.getByRole('button', { name: `Verify now ${pending}` }).click();
    await card
      .getByRole('alert')
      .getByText(new RegExp(`${pending} was checked moments ago; try again in \\d+ seconds`))
      .waitFor();
    // the last answer stays on screen meanwhile
    expect(await answer.count()).toBe(1);
    expect((await apiDomains(workspaceId, key!))[0]!.verified).toBe(0);

    // a domain with both records in place verifies, and its records fold away
    const ready = host('links');
    await addInPage(page, ready);
    await domainCard(page, ready).waitFor();
    const readyRow = (await apiDomains(workspaceId, key!)).find((x) => x.domain === ready)!;
    dns.zone.set(ready, { cname: CNAME_TARGET });
    dns.zone.set(`_linkhop.${ready}`, { txt: [[readyRow.txt_record]] });
    await domainCard(page, ready)
      .getByRole('button', { name: `Verify now ${ready}` })
      .click();
    await domainCard(page, ready).getByText(`${ready} is verified.`).waitFor();
    await domainCard(page, ready).getByText('Verified', { exact: true }).waitFor();
    expect(
      await domainCard(page, ready)
        .getByRole('button', { name: `Verify now ${ready}` })
        .count(),
    ).toBe(0);
    expect((await apiDomains(workspaceId, key!)).find((x) => x.domain === ready)!.verified).toBe(1);
    await checkA11y(page);
    await withoutToasts(page);
    await page.getByRole('heading', { name: /^Your domains/ }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'domains', DOCS_SCREENSHOTS);

    // two links on the verified domain: the removal warning names them and what happens to them
    const linkIds: string[] = [];
    for (const slug of ['spring', 'summer']) {
      const res = await d.t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://example.com/', domain: ready, slug } });
      expect(res.status).toBe(201);
      linkIds.push(res.body.id);
    }
    await domainCard(page, ready)
      .getByRole('button', { name: `Remove ${ready}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Remove ${ready}?` });
    await dialog
      .getByText(`2 links use ${ready}. Removing the domain deletes those links and their click statistics: their short URLs stop working at once.`)
      .waitFor();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await d.t.api('GET', `/workspaces/${workspaceId}/links/${linkIds[0]}`, { key })).status).toBe(200);

    await domainCard(page, ready)
      .getByRole('button', { name: `Remove ${ready}` })
      .click();
    await dialog.getByRole('button', { name: 'Remove domain' }).click();
    await toastSays(page, `Removed ${ready}`);
    await domainCard(page, ready).waitFor({ state: 'detached' });
    expect((await apiDomains(workspaceId, key!)).map((x) => x.domain)).toEqual([pending]);
    for (const id of linkIds) expect((await d.t.api('GET', `/workspaces/${workspaceId}/links/${id}`, { key })).status).toBe(404);

    // a domain no link uses says so
    await domainCard(page, pending)
      .getByRole('button', { name: `Remove ${pending}` })
      .click();
    await page
      .getByRole('dialog', { name: `Remove ${pending}?` })
      .getByText(`No links use ${pending}.`)
      .waitFor();
    await page
      .getByRole('dialog', { name: `Remove ${pending}?` })
      .getByRole('button', { name: 'Cancel' })
      .click();
    expect(cspViolations).toEqual([]);
  }, 120_000);

  test('viewer and editor see the domains and records read-only (and the API refuses them); an admin adds, verifies (a failing DNS server said so) and removes', async () => {
    const owner = await signedIn(d, { role: 'owner', plan: 'pro' });
    const domain = host('shared');
    expect((await d.t.api('POST', `/workspaces/${owner.workspaceId}/domains`, { key: owner.key, body: { domain } })).status).toBe(201);
    const [row] = await apiDomains(owner.workspaceId, owner.key!);
    for (const role of ['viewer', 'editor'] as const) {
      const { page, cspViolations } = await signedIn(d, { role, workspaceId: owner.workspaceId });
      await openDomains(page);
      await page.getByRole('note').getByText(`Only admins and the owner add, verify and remove domains. Your role in this workspace is ${role}.`).waitFor();
      await recordRow(page, domain, 'TXT').getByText(row!.txt_record).waitFor();
      await domainCard(page, domain)
        .getByRole('button', { name: `Copy TXT value for ${domain}` })
        .waitFor();
      for (const name of ['Add domain', `Verify now ${domain}`, `Remove ${domain}`]) expect(await page.getByRole('button', { name }).count()).toBe(0);
      expect(await page.getByLabel('Domain', { exact: true }).count()).toBe(0);
      await checkA11y(page);
      expect(await sessionFetch(page, 'POST', `/workspaces/${owner.workspaceId}/domains`, { domain: host('sneaky') })).toBe(403);
      expect(await sessionFetch(page, 'POST', `/workspaces/${owner.workspaceId}/domains/${row!.id}/verify`)).toBe(403);
      expect(await sessionFetch(page, 'DELETE', `/workspaces/${owner.workspaceId}/domains/${row!.id}`)).toBe(403);
      expect(cspViolations).toEqual([]);
    }
    expect(await apiDomains(owner.workspaceId, owner.key!)).toHaveLength(1);

    const { page } = await signedIn(d, { role: 'admin', workspaceId: owner.workspaceId });
    await openDomains(page);
    const added = host('by-admin');
    await addInPage(page, added);
    await domainCard(page, added).getByText('Pending verification').waitFor();
    // a DNS server failing the lookup (SERVFAIL): the API's 502 reason, not a verdict on the records
    dns.zone.set(domain, { servfail: true });
    await domainCard(page, domain)
      .getByRole('button', { name: `Verify now ${domain}` })
      .click();
    await domainCard(page, domain)
      .getByRole('alert')
      .getByText(new RegExp(`^Could not check ${domain}: DNS lookup failed for ${domain} \\(\\w+\\); try again later$`))
      .waitFor();
    expect(await domainCard(page, domain).getByText('is not verified yet').count()).toBe(0);
    await domainCard(page, added)
      .getByRole('button', { name: `Remove ${added}` })
      .click();
    await page
      .getByRole('dialog', { name: `Remove ${added}?` })
      .getByRole('button', { name: 'Remove domain' })
      .click();
    await domainCard(page, added).waitFor({ state: 'detached' });
    expect((await apiDomains(owner.workspaceId, owner.key!)).map((x) => x.domain)).toEqual([domain]);
  }, 120_000);

  test('each plan’s domain limit: the last one fits, the next gets the API’s 402 message and the form stays usable', async () => {
    for (const plan of ['free', 'pro', 'team', 'agency'] as Plan[]) {
      const { page, workspaceId, key } = await signedIn(d, { role: 'owner', plan });
      const max = PLAN_LIMITS.customDomains[plan];
      // all but one of the allowance, written directly: a hundred adds through the API would only be slower
      if (max > 1) {
        await d.t.deps.db.insert(domainsTable).values(
          Array.from({ length: max - 1 }, (_, i) => ({
            id: `fill-${plan}-${process.pid}-${seq}-${i}`,
            workspaceId,
            domain: host(`fill${i}`),
            verifyToken: 'x',
          })),
        );
      }
      await openDomains(page);
      await page.getByRole('heading', { name: `Your domains (${max - 1})` }).waitFor();
      const last = host('last');
      await addInPage(page, last);
      await domainCard(page, last).waitFor();
      await addInPage(page, host('over'));
      const notice = page.getByRole('note').filter({ hasText: 'Not on this plan' });
      await notice.getByText(`Domain limit reached: the ${plan} plan allows ${max} custom domain${max === 1 ? '' : 's'}`).waitFor();
      expect(await apiDomains(workspaceId, key!)).toHaveLength(max);
      if (plan === 'free') await checkA11y(page);
      // removing one makes room again
      await domainCard(page, last)
        .getByRole('button', { name: `Remove ${last}` })
        .click();
      await page
        .getByRole('dialog', { name: `Remove ${last}?` })
        .getByRole('button', { name: 'Remove domain' })
        .click();
      await domainCard(page, last).waitFor({ state: 'detached' });
      const again = host('again');
      await addInPage(page, again);
      await domainCard(page, again).waitFor();
      expect(await notice.count()).toBe(0);
      await page.context().close();
    }
  }, 180_000);
});
