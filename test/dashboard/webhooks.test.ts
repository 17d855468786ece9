import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import type { Plan, Role } from '../../core/plans';
import { webhookDeliveries } from '../../app/schema';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type Received, type TestCerts } from '../helpers/https-receiver';
import { checkA11y, screenshot, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard, DOCS_SCREENSHOTS } from './harness';
import { signedIn, toastSays } from './links-fixtures';
import { sessionFetch } from './session-api';

/** Webhooks: create (secret once), the receiver snippet against real deliveries, test event, delivery log, edit, disable, rotate, delete; roles and plans. */
warnIfNoChromium('webhooks.test.ts');

let d: Dashboard;
let certs: TestCerts;
let rx: HttpsReceiver;
let scratch: string;
beforeAll(async () => {
  if (skipBrowser) return;
  certs = makeTestCerts();
  rx = startHttpsReceiver(certs);
  scratch = mkdtempSync(join(tmpdir(), 'lh-webhook-snippet-'));
  // the receiver listens on 127.0.0.1 with a certificate from a test CA
  d = await startDashboard({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_CA_FILE: certs.caFile } });
  // with Redis, events reach webhooks through the queue: consume it here, as `bun run worker` would
  if (d.t.deps.queue.kind === 'bullmq') await d.t.deps.queue.startWorkers(['webhooks']);
}, 60_000);
afterAll(async () => {
  await d?.close();
  rx?.close();
  certs?.remove();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const hooksApi = (workspaceId: string) => `/workspaces/${workspaceId}/webhooks`;
const webhooksUrl = (workspaceId: string) => d.appUrl(`/w/${workspaceId}/webhooks`);
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const received = (path: string) => rx.received.filter((r) => r.path === path);

type Verify = (secret: string, headers: Headers | Record<string, string>, rawBody: string) => boolean;

/** The page's receiver snippets as a person would copy them: the Node.js/Bun one loaded as a module, the Python one as text. */
async function snippetsFromPage(page: Page): Promise<{ verify: Verify; python: string }> {
  const code = (await page.getByRole('figure', { name: 'Node.js and Bun' }).locator('code').textContent())!;
  const file = join(scratch, `verify-${Date.now()}.mjs`);
  writeFileSync(file, code);
  const python = (await page.getByRole('figure', { name: 'Python' }).locator('code').textContent())!;
  return { verify: (await import(file)).verifyLinkhopWebhook, python };
}

/** The page's Python snippet run by python3 over a received delivery: its printed answer. */
function pythonVerifies(code: string, secret: string, delivery: Received): boolean {
  const file = join(scratch, 'verify.py');
  const body = join(scratch, 'body.json');
  writeFileSync(body, delivery.body);
  writeFileSync(
    file,
    `${code}\nimport json, sys\nheaders = {"X-Webhook-Timestamp": sys.argv[2], "X-Webhook-Signature": sys.argv[3]}\nprint(json.dumps(verify_linkhop_webhook(sys.argv[1], headers, open(sys.argv[4], "rb").read())))\n`,
  );
  const run = Bun.spawnSync(['python3', file, secret, delivery.headers['x-webhook-timestamp']!, delivery.headers['x-webhook-signature']!, body]);
  if (run.exitCode !== 0) throw new Error(run.stderr.toString());
  return JSON.parse(run.stdout.toString());
}

async function addHook(workspaceId: string, key: string, body: { name: string; url: string; events: string[] }) {
  const res = await d.t.api('POST', hooksApi(workspaceId), { key, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

describe.skipIf(skipBrowser)('Webhooks page', () => {
  test('admin: create with grouped events and the secret once, the signature snippets verify real deliveries, test event, delivery log, edit, disable, rotate, delete', async () => {
    const owner = await d.t.bootstrap({ plan: 'team' });
    const { workspaceId, key } = owner;
    // a realistic list: two webhooks already there, one of them disabled
    await addHook(workspaceId, key, { name: 'Data warehouse', url: `${rx.origin}/warehouse`, events: ['link.created', 'link.updated', 'link.deleted'] });
    const slack = await addHook(workspaceId, key, { name: 'Slack alerts', url: `${rx.origin}/slack`, events: ['link.broken', 'domain.verified'] });
    await d.t.api('PATCH', `${hooksApi(workspaceId)}/${slack.id}`, { key, body: { active: false } });
    const { page, cspViolations } = await signedIn(d, { role: 'admin', workspaceId });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks (2)' }).waitFor();
    expect(await row(page, 'Slack alerts').getByRole('cell').allTextContents()).toEqual([
      `${rx.origin}/slack`,
      'link.brokendomain.verified',
      'Disabled',
      expect.any(String),
      'Enable Slack alerts',
    ]);

    // the form: events grouped as the spec lists them; the API's refusals shown at their fields
    await page.getByRole('button', { name: 'Add a webhook' }).click();
    const form = page.getByRole('form', { name: 'Add a webhook' });
    const groups = form.getByRole('group', { name: 'Events' }).getByRole('group');
    expect(await groups.evaluateAll((sets) => sets.map((s) => s.querySelector('legend')!.textContent))).toEqual([
      'Links',
      'Custom domains',
      'Members',
      'Conversions',
      'Clicks',
    ]);
    expect(await form.getByRole('group', { name: 'Links' }).getByRole('checkbox').count()).toBe(7);
    // batched click deliveries are their own opt-in: "All links events" does not take them
    expect(await form.getByRole('group', { name: 'Clicks' }).getByRole('checkbox', { name: 'link.clicked' }).count()).toBe(1);
    await form.getByLabel('Name').fill('CRM <sync>');
    await form.getByLabel('URL').fill('http://example.com/hook');
    await form.getByRole('button', { name: 'Create webhook' }).click();
    await form.getByText('events must list at least one event type').waitFor();
    await form.getByRole('checkbox', { name: 'All links events' }).check();
    await form.getByRole('checkbox', { name: 'link.expired' }).uncheck();
    expect(await form.getByRole('checkbox', { name: 'All links events' }).isChecked()).toBe(false);
    await form.getByRole('checkbox', { name: 'member.role_changed' }).check();
    await form.getByRole('button', { name: 'Create webhook' }).click();
    await form.getByText('Invalid URL: must use HTTPS').waitFor();
    expect(await form.getByLabel('URL').getAttribute('aria-invalid')).toBe('true');
    await checkA11y(page);
    await form.getByLabel('URL').fill(`${rx.origin}/crm`);
    await form.getByRole('button', { name: 'Create webhook' }).click();

    // the secret, once
    const panel = page.getByRole('region', { name: 'Copy the signing secret of “CRM <sync>” now' });
    await panel.getByText('You will not see it again.').waitFor();
    const secret = await panel.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await checkA11y(page);
    await panel.getByRole('button', { name: 'Copy secret' }).click();
    await toastSays(page, 'Secret copied');
    const listed = (await d.t.api('GET', hooksApi(workspaceId), { key })).body.webhooks;
    const crm = listed.find((w: any) => w.name === 'CRM <sync>');
    expect(crm).toMatchObject({
      url: `${rx.origin}/crm`,
      active: true,
      events: ['link.created', 'link.updated', 'link.deleted', 'link.broken', 'link.recovered', 'member.role_changed'],
    });
    await panel.getByRole('button', { name: 'I have stored the secret' }).click();
    await row(page, 'CRM <sync>').waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.getByRole('heading', { name: 'Webhooks (3)' }).waitFor();
    await checkA11y(page);
    await page.getByText('Secret copied').waitFor({ state: 'detached' });
    await screenshot(page, 'webhooks', DOCS_SCREENSHOTS);
    const snippet = await snippetsFromPage(page);

    // one webhook: send a test event; the result, and the delivery in the log
    await row(page, 'CRM <sync>').getByRole('link', { name: 'CRM <sync>' }).click();
    await page.waitForURL(`${webhooksUrl(workspaceId)}/${crm.id}`);
    await page.getByRole('heading', { name: 'CRM <sync>', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No deliveries in the last 7 days' }).waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const delivered = page.getByRole('region', { name: 'Test event delivered' });
    await delivered.waitFor();
    expect(await delivered.locator('dd').first().textContent()).toBe('200');
    expect(await delivered.locator('dd').nth(1).textContent()).toMatch(/^\d+ ms$/);
    const [sent] = received('/crm');
    expect(sent!.headers['x-webhook-event']).toBe('webhook.test');

    // the page's snippets accept the real delivery with the secret shown, and refuse a changed body or another secret
    const headers = new Headers(sent!.headers);
    expect(snippet.verify(secret, headers, sent!.body)).toBe(true);
    expect(snippet.verify(secret, sent!.headers, sent!.body)).toBe(true);
    expect(snippet.verify(secret, headers, sent!.body.replace('Test event', 'Fake event'))).toBe(false);
    expect(snippet.verify(`${secret}0`, headers, sent!.body)).toBe(false);
    const stale = new Date(Date.now() - 6 * 60_000).toISOString();
    const { createHmac } = await import('node:crypto');
    const staleSignature = `sha256=${createHmac('sha256', secret).update(`${stale}.${sent!.body}`).digest('hex')}`;
    expect(snippet.verify(secret, { 'x-webhook-timestamp': stale, 'x-webhook-signature': staleSignature }, sent!.body)).toBe(false);
    // the Python one too, where python3 is installed (the Debian CI image has it)
    if (Bun.which('python3')) {
      expect(pythonVerifies(snippet.python, secret, sent!)).toBe(true);
      expect(pythonVerifies(snippet.python, `${secret}0`, sent!)).toBe(false);
    }

    const log = page.getByRole('region', { name: /^Deliveries/ });
    await log.getByRole('heading', { name: 'Deliveries (1)' }).waitFor();
    const first = log.getByRole('row').nth(1);
    expect((await first.getByRole('cell').allTextContents()).slice(0, 5)).toEqual(['webhook.test', 'Succeeded', '200', expect.stringMatching(/^\d+ ms$/), '—']);
    // the payload, pretty-printed, exactly what the receiver got
    await first.locator('summary').click();
    expect(JSON.parse((await first.locator('pre').textContent())!)).toEqual(JSON.parse(sent!.body));
    expect(await first.locator('pre').textContent()).toContain('\n  "type": "webhook.test"');

    // a failing receiver: the result says why, and the log filters by outcome
    rx.statusOf.set('/crm', 500);
    await page.getByRole('button', { name: 'Send test event' }).click();
    const failed = page.getByRole('region', { name: 'Test event failed' });
    await failed.waitFor();
    expect(await failed.locator('dd').allTextContents()).toEqual(['500', expect.stringMatching(/^\d+ ms$/), expect.stringMatching(/^HTTP 500/)]);
    rx.statusOf.delete('/crm');
    await log.getByRole('heading', { name: 'Deliveries (2)' }).waitFor();
    // an event from elsewhere in the workspace arrives through the queue: "Refresh" shows it
    expect((await d.t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://example.com/launch' } })).status).toBe(201);
    for (let tries = 0; received('/crm').length < 3 && tries < 100; tries++) await Bun.sleep(50);
    await d.t.deps.queue.idle();
    await log.getByRole('button', { name: 'Refresh' }).click();
    await log.getByRole('heading', { name: 'Deliveries (3)' }).waitFor();
    expect(await log.getByRole('row').nth(1).getByRole('cell').nth(0).textContent()).toBe('link.created');

    await log.getByLabel('Show').selectOption({ label: 'Failed' });
    await log.getByRole('heading', { name: 'Deliveries (1)' }).waitFor();
    expect((await log.getByRole('row').nth(1).getByRole('cell').allTextContents()).slice(0, 3)).toEqual(['webhook.test', 'Failed', '500']);
    await log.getByLabel('Show').selectOption({ label: 'Succeeded' });
    await log.getByRole('heading', { name: 'Deliveries (2)' }).waitFor();
    expect(await log.getByRole('row').locator('td:nth-of-type(2)').allTextContents()).toEqual(['Succeeded', 'Succeeded']);
    await log.getByLabel('Show').selectOption({ label: 'All deliveries' });
    await log.getByRole('heading', { name: 'Deliveries (3)' }).waitFor();
    await log.locator('summary').first().click();
    await checkA11y(page);
    await page.evaluate(() => document.getElementById('deliveries-heading')!.scrollIntoView());
    await screenshot(page, 'webhook-deliveries', DOCS_SCREENSHOTS);

    // edit: name, URL and events as the API keeps them
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('form', { name: 'Edit “CRM <sync>”' });
    expect(await edit.getByLabel('URL').inputValue()).toBe(`${rx.origin}/crm`);
    expect(await edit.getByRole('checkbox', { name: 'member.role_changed' }).isChecked()).toBe(true);
    await edit.getByLabel('Name').fill('CRM');
    await edit.getByRole('checkbox', { name: 'member.role_changed' }).uncheck();
    await edit.getByRole('checkbox', { name: 'All custom domains events' }).check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toastSays(page, 'Saved “CRM”');
    await page.getByRole('heading', { name: 'CRM', level: 1 }).waitFor();
    expect((await d.t.api('GET', `${hooksApi(workspaceId)}/${crm.id}`, { key })).body).toMatchObject({
      name: 'CRM',
      events: ['link.created', 'link.updated', 'link.deleted', 'link.broken', 'link.recovered', 'domain.added', 'domain.verified', 'domain.removed'],
    });

    // disable and enable
    await page.getByRole('button', { name: 'Disable CRM' }).click();
    await toastSays(page, 'Disabled “CRM”: events are dropped until it is enabled');
    await page.getByRole('button', { name: 'Enable CRM' }).waitFor();
    expect((await d.t.api('GET', `${hooksApi(workspaceId)}/${crm.id}`, { key })).body.active).toBe(false);
    await page.getByRole('button', { name: 'Enable CRM' }).click();
    await page.getByRole('button', { name: 'Disable CRM' }).waitFor();
    expect((await d.t.api('GET', `${hooksApi(workspaceId)}/${crm.id}`, { key })).body.active).toBe(true);

    // rotate: the new secret once; deliveries are signed with it and the old one no longer verifies
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const rotateDialog = page.getByRole('dialog', { name: 'Rotate the signing secret of “CRM”?' });
    await rotateDialog.getByText('The old secret stops working at once').waitFor();
    await rotateDialog.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('region', { name: 'Copy the new signing secret of “CRM” now' });
    const newSecret = await rotated.getByLabel('Signing secret').inputValue();
    expect(newSecret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(newSecret).not.toBe(secret);
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('region', { name: 'Test event delivered' }).waitFor();
    const afterRotation = received('/crm').at(-1)!;
    expect(snippet.verify(newSecret, afterRotation.headers, afterRotation.body)).toBe(true);
    expect(snippet.verify(secret, afterRotation.headers, afterRotation.body)).toBe(false);
    await rotated.getByRole('button', { name: 'I have stored the secret' }).click();

    // delete, with its consequence stated; cancel first changes nothing
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete webhook “CRM”?' });
    await deleteDialog.getByText('its delivery history is deleted too').waitFor();
    await checkA11y(page);
    await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await deleteDialog.waitFor({ state: 'hidden' });
    expect((await d.t.api('GET', `${hooksApi(workspaceId)}/${crm.id}`, { key })).status).toBe(200);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await deleteDialog.getByRole('button', { name: 'Delete webhook' }).click();
    await toastSays(page, 'Deleted webhook “CRM” and its delivery history');
    await page.waitForURL(webhooksUrl(workspaceId));
    await page.getByRole('heading', { name: 'Webhooks (2)' }).waitFor();
    expect((await d.t.api('GET', `${hooksApi(workspaceId)}/${crm.id}`, { key })).status).toBe(404);
    expect(await d.t.deps.db.$count(webhookDeliveries, eq(webhookDeliveries.webhookId, crm.id))).toBe(0);
    expect(cspViolations).toEqual([]);
  }, 180_000);

  test('roles: viewer and editor read webhooks and the paged delivery log with nothing to change offered (the API refuses), admin and owner manage', async () => {
    const owner = await signedIn(d, { role: 'owner', plan: 'pro' });
    const { workspaceId, key } = owner;
    const hook = await addHook(workspaceId, key!, { name: 'Billing', url: `${rx.origin}/billing`, events: ['member.added'] });
    expect((await d.t.api('POST', `${hooksApi(workspaceId)}/${hook.id}/test`, { key })).body.success).toBe(true);
    // earlier deliveries from the last days: 21 in all, two pages of the log
    const hourAgo = (n: number) => new Date(Date.now() - n * 3600_000);
    await d.t.deps.db.insert(webhookDeliveries).values(
      Array.from({ length: 20 }, (_, i) => ({
        webhookId: hook.id,
        eventId: `earlier-${i}`,
        eventType: 'member.added',
        statusCode: 204,
        durationMs: 40 + i,
        success: true,
        payload: { id: `earlier-${i}`, type: 'member.added', workspace_id: workspaceId, timestamp: hourAgo(i + 1).toISOString(), data: { user_id: `u${i}` } },
        createdAt: hourAgo(i + 1),
      })),
    );
    const hookPath = `${hooksApi(workspaceId)}/${hook.id}`;
    const MANAGE = ['Send test event', 'Edit', 'Rotate secret', 'Delete', 'Disable Billing'];
    for (const role of ['viewer', 'editor', 'admin', 'owner'] as Role[]) {
      const { page, cspViolations } = role === 'owner' ? owner : await signedIn(d, { role, workspaceId });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
      await row(page, 'Billing').waitFor();
      const manages = role === 'admin' || role === 'owner';
      expect(await page.getByRole('button', { name: 'Add a webhook' }).count()).toBe(manages ? 1 : 0);
      expect(await page.getByRole('button', { name: 'Disable Billing' }).count()).toBe(manages ? 1 : 0);
      expect(await page.getByRole('note').getByText(`Your role in this workspace is ${role}`).count()).toBe(manages ? 0 : 1);
      await page.getByRole('figure', { name: 'Node.js and Bun' }).waitFor();
      if (!manages) await checkA11y(page);

      await row(page, 'Billing').getByRole('link', { name: 'Billing' }).click();
      await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
      const log = page.getByRole('region', { name: /^Deliveries/ });
      await log.getByRole('cell', { name: 'webhook.test' }).first().waitFor();
      for (const name of MANAGE)
        expect({ role, name, offered: await page.getByRole('button', { name, exact: true }).count() }).toEqual({ role, name, offered: manages ? 1 : 0 });
      if (role === 'viewer') {
        const pages = log.getByRole('navigation', { name: 'Delivery pages' });
        await pages.getByText('Page 1 of 2').waitFor();
        expect(await log.getByRole('row').count()).toBe(21);
        await pages.getByRole('button', { name: 'Next' }).click();
        await pages.getByText('Page 2 of 2').waitFor();
        expect(await log.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
          'member.added',
          'Succeeded',
          '204',
          '59 ms',
          '—',
          expect.any(String),
        ]);
        expect(await log.getByRole('row').count()).toBe(2);
        await pages.getByRole('button', { name: 'Previous' }).click();
        await pages.getByText('Page 1 of 2').waitFor();
      }
      if (!manages) {
        await log.locator('summary').first().click();
        expect(JSON.parse((await log.locator('pre').first().textContent())!).type).toBe('webhook.test');
        await checkA11y(page);
        // what is not offered, the API refuses to this very session
        expect(await sessionFetch(page, 'POST', hooksApi(workspaceId), { name: 'x', url: `${rx.origin}/x`, events: ['link.created'] })).toBe(403);
        expect(await sessionFetch(page, 'PATCH', hookPath, { active: false })).toBe(403);
        expect(await sessionFetch(page, 'POST', `${hookPath}/test`)).toBe(403);
        expect(await sessionFetch(page, 'POST', `${hookPath}/rotate-secret`)).toBe(403);
        expect(await sessionFetch(page, 'DELETE', hookPath)).toBe(403);
        expect(await sessionFetch(page, 'GET', `${hookPath}/deliveries`)).toBe(200);
      } else {
        const before = received('/billing').length;
        await page.getByRole('button', { name: 'Send test event' }).click();
        await page.getByRole('region', { name: 'Test event delivered' }).waitFor();
        expect(received('/billing')).toHaveLength(before + 1);
      }
      expect(cspViolations).toEqual([]);
    }
    // the viewers' and editors' refused writes changed nothing
    expect((await d.t.api('GET', hookPath, { key })).body).toMatchObject({ name: 'Billing', active: true });
    expect((await d.t.api('GET', `${hookPath}/deliveries`, { key })).body.total).toBe(23);
  }, 180_000);

  test('plans: Free shows the API’s 402 reason and no form; Pro’s fourth webhook is refused in the form with the limit; Team and Agency manage', async () => {
    for (const plan of ['free', 'pro', 'team', 'agency'] as Plan[]) {
      const { page, workspaceId, key, cspViolations } = await signedIn(d, { role: 'owner', plan });
      const answer = await d.t.api('GET', hooksApi(workspaceId), { key });
      await page.goto(webhooksUrl(workspaceId));
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      if (plan === 'free') {
        expect(answer.status).toBe(402);
        const notice = page.getByRole('note').filter({ has: page.getByRole('heading', { name: 'Not on this plan' }) });
        await notice.getByText(answer.body.error, { exact: true }).waitFor();
        expect(await page.getByRole('button', { name: 'Add a webhook' }).count()).toBe(0);
        expect(await page.getByRole('form').count()).toBe(0);
        await checkA11y(page);
      } else {
        const allowed = plan === 'pro' ? 3 : 1;
        for (let i = 0; i < allowed; i++) await addHook(workspaceId, key!, { name: `Hook ${i}`, url: `${rx.origin}/plan/${i}`, events: ['link.created'] });
        await page.reload();
        await page.getByRole('heading', { name: `Webhooks (${allowed})` }).waitFor();
        await page.getByRole('button', { name: 'Add a webhook' }).click();
        const form = page.getByRole('form', { name: 'Add a webhook' });
        await form.getByLabel('Name').fill('One more');
        await form.getByLabel('URL').fill(`${rx.origin}/plan/more`);
        await form.getByRole('checkbox', { name: 'link.deleted' }).check();
        await form.getByRole('button', { name: 'Create webhook' }).click();
        if (plan === 'pro') {
          await form.getByRole('note').getByText('Webhook limit reached: the pro plan allows 3 webhooks').waitFor();
          await form.getByRole('heading', { name: 'Not on this plan' }).waitFor();
          expect(await form.getByLabel('Name').inputValue()).toBe('One more');
          await checkA11y(page);
          expect((await d.t.api('GET', hooksApi(workspaceId), { key })).body.webhooks).toHaveLength(3);
        } else {
          await page.getByRole('region', { name: 'Copy the signing secret of “One more” now' }).waitFor();
          expect((await d.t.api('GET', hooksApi(workspaceId), { key })).body.webhooks).toHaveLength(2);
        }
      }
      expect(cspViolations).toEqual([]);
    }
  }, 180_000);
});
