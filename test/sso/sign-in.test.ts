import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { launchChromium } from '../helpers/browser';
import { ADMIN_TOKEN, SITE_URL } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';
import { makeTestCerts, startHttpsReceiver, type HttpsReceiver, type TestCerts } from '../helpers/https-receiver';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { DESKTOP_UA, DOCS_SCREENSHOTS, screenshot, skipBrowser, warnIfNoChromium } from '../dashboard/harness';
import { startDnsServer } from '../domains/dns-server';
import { startSmtpSink } from '../members/smtp-sink';
import { CLIENT_ID, CLIENT_SECRET, startOpenIdProvider } from './provider';

/**
 * Single sign-on end to end: a Linkhop server process that trusts the provider's test CA only
 * through NODE_EXTRA_CA_CERTS, oidc-provider over https on loopback, Chromium signing in through
 * the provider's own pages, and domain capture verified against the loopback DNS server.
 */
warnIfNoChromium('sso/sign-in.test.ts');

const PROVIDER = 'TestIdP';
const CALLBACK = `${SITE_URL}/api/session/oidc/callback`;
const SIGN_IN = `${SITE_URL}/app/sign-in`;

let certs: TestCerts;
let provider: Awaited<ReturnType<typeof startOpenIdProvider>>;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let server: ServerProcess;
let hooks: HttpsReceiver;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let browser: Browser;
let owner: { userId: string; workspaceId: string; key: string };
let captured: { id: string; domain: string };

const domain = `acme-${process.pid}.test`;
const OWNER_EMAIL = `owner@owner-${process.pid}.test`;

beforeAll(async () => {
  if (skipBrowser) return;
  certs = makeTestCerts();
  provider = await startOpenIdProvider(CALLBACK, certs);
  hooks = startHttpsReceiver(certs);
  dns = await startDnsServer();
  smtp = await startSmtpSink();
  // PostgreSQL when the tests have one, else the process's own embedded database; jobs in process (webhooks delivered by the server itself)
  database = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  server = await startServerProcess({
    DATABASE_URL: database?.url ?? '',
    REDIS_URL: '',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lh-sso-')),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME: PROVIDER,
    NODE_EXTRA_CA_CERTS: certs.caFile,
    DNS_SERVERS: dns.address,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SMTP_URL: smtp.url,
  });
  browser = await launchChromium({ [new URL(SITE_URL).hostname]: Number(new URL(server.url).port) });

  const made = await operator('/admin/bootstrap', { email: OWNER_EMAIL, plan: 'team' });
  owner = { userId: made.body.user_id, workspaceId: made.body.workspace_id, key: made.body.api_key };
  const hook = await server.api('POST', `/workspaces/${owner.workspaceId}/webhooks`, {
    key: owner.key,
    body: { name: 'members', url: `${hooks.origin}/members`, events: ['member.added'] },
  });
  expect(hook.status).toBe(201);
  const claim = await server.api('POST', `/workspaces/${owner.workspaceId}/sso-domains`, { key: owner.key, body: { domain, default_role: 'editor' } });
  expect(claim.status).toBe(201);
  captured = claim.body;
  dns.zone.set(claim.body.txt_name, { txt: [[claim.body.txt_record]] });
  const verified = await server.api('POST', `/workspaces/${owner.workspaceId}/sso-domains/${captured.id}/verify`, { key: owner.key });
  expect(verified.body).toEqual({ verified: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.close();
  await provider?.close();
  hooks?.close();
  dns?.close();
  await smtp?.close();
  certs?.remove();
});

/** A fresh browser (own cookies: no provider session yet); the provider's certificate is the test CA's, which only the Linkhop process is told to trust. */
async function freshPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, userAgent: DESKTOP_UA, ignoreHTTPSErrors: true });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

/** From Linkhop's sign-in page to the provider's sign-in form (its development pages). */
async function toProvider(page: Page) {
  await page.goto(SIGN_IN);
  await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).click();
  await page.waitForURL((url) => url.origin === provider.issuer, { waitUntil: 'domcontentloaded' });
}

/** Signs in at the provider as `login` and gives consent (the provider then sends the browser back to Linkhop). */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The whole single sign-on as a person does it, in a fresh browser, until it is back at Linkhop. */
async function ssoSignIn(login: string, width?: number) {
  const page = await freshPage(width);
  await toProvider(page);
  await signInAtProvider(page, login);
  await page.waitForURL((url) => url.origin === SITE_URL, { waitUntil: 'domcontentloaded' });
  return page;
}

/** Signs in at the provider, which keeps its redirect back to Linkhop: the callback URL, not yet used. */
async function heldCallback(page: Page, login: string): Promise<string> {
  provider.state.holdCallback = true;
  provider.state.held = undefined;
  await signInAtProvider(page, login);
  await page.waitForURL(`${provider.issuer}/.well-known/openid-configuration`);
  return provider.state.held!;
}

/** The `state` of the authorization requests this page sends to the provider, newest last. */
function authorizationStates(page: Page): string[] {
  const states: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${provider.issuer}/auth?`)) states.push(new URL(request.url()).searchParams.get('state')!);
  });
  return states;
}

/** Where a refused sign-in lands: the sign-in page, its alert saying why. */
async function refusedWith(page: Page, reason: string, words: RegExp) {
  await page.waitForURL(`${SIGN_IN}?sso_error=${reason}`);
  expect(await page.getByRole('alert').textContent()).toMatch(words);
  expect(await sessionOf(page)).toBeNull();
}

/** `GET /api/session` from the page: the signed-in person and their workspaces, or null. */
async function sessionOf(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/api/session');
    return res.status === 200 ? res.json() : null;
  });
}

/** The text of the first mail the server sent to `address`, waiting up to 10 s. */
async function mailTo(address: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const [mail] = smtp.to(address);
    if (mail) return mail.text;
    await Bun.sleep(50);
  }
  throw new Error(`no mail to ${address} within 10 s`);
}

/** The operator API of the server process (ADMIN_TOKEN). */
async function operator(path: string, body: unknown) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { host: new URL(SITE_URL).host, authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const auditActions = async (action: string) =>
  (await server.api('GET', `/workspaces/${owner.workspaceId}/audit-log?action=${action}`, { key: owner.key })).body.entries as { details: any }[];

describe.skipIf(skipBrowser)('single sign-on with OpenID Connect', () => {
  test('the sign-in page offers the provider beside the e-mail form; it is accessible at 1280 and 375 px', async () => {
    const page = await freshPage();
    await page.goto(SIGN_IN);
    await page.getByRole('link', { name: `Sign in with ${PROVIDER}` }).waitFor();
    await page.getByLabel('E-mail').waitFor();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await screenshot(page, 'sign-in-sso', DOCS_SCREENSHOTS);
    await page.context().close();
  });

  test('an address of the captured domain signs in, joins the workspace with its default role (audited, member.added), with the e-mail link’s session', async () => {
    const email = `ada@${domain}`;
    const page = await ssoSignIn(email);
    await page.waitForURL(/\/app\/w\//);
    const session = await sessionOf(page);
    expect(session.user.email).toBe(email);
    expect(session.workspaces).toEqual([expect.objectContaining({ id: owner.workspaceId, role: 'editor' })]);

    // the same session as an e-mail link: the lh_session cookie, HttpOnly and SameSite=Lax, 30 days; the attempt's cookie is gone
    const cookies = await page.context().cookies(SITE_URL);
    const cookie = cookies.find((c) => c.name === 'lh_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(cookies.find((c) => c.name === 'lh_oidc')).toBeUndefined();

    const members = await server.api('GET', `/workspaces/${owner.workspaceId}/members`, { key: owner.key });
    expect(members.body.members).toContainEqual(expect.objectContaining({ email, role: 'editor' }));
    expect((await auditActions('member.join_by_domain')).map((e) => JSON.parse(e.details))).toContainEqual({ email, domain, role: 'editor' });
    const [delivery] = await hooks.waitFor(1);
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'member.added', workspace_id: owner.workspaceId, data: { email, role: 'editor' } });

    // and signs out everywhere like any session
    const signedOut = await page.evaluate(
      async (csrf: string) => (await fetch('/api/session/all', { method: 'DELETE', headers: { 'x-csrf-token': csrf } })).status,
      session.csrf_token,
    );
    expect(signedOut).toBe(200);
    expect(await sessionOf(page)).toBeNull();
    await page.context().close();
  });

  test('an address outside the domain signs in to its own account and gets no membership; one with no account is refused in words', async () => {
    const made = await operator('/admin/bootstrap', { email: 'bob@elsewhere.test' });
    expect(made.status).toBe(201);
    const page = await ssoSignIn('bob@elsewhere.test');
    await page.waitForURL(/\/app\/w\//);
    const session = await sessionOf(page);
    expect(session.workspaces.map((w: { id: string }) => w.id)).toEqual([made.body.workspace_id]);
    await page.context().close();

    const stranger = await ssoSignIn('carol@nowhere.test');
    await refusedWith(stranger, 'no_account', /no Linkhop account for this address/);
    await screenshot(stranger, 'sign-in-sso-refused', DOCS_SCREENSHOTS);
    await stranger.context().close();
  });

  test('an account an invite token made for an address of the domain: the person’s SSO sign-in (a verified address) ends the session made without that proof', async () => {
    const email = `grace@${domain}`;
    // the pre-hijacking attack (docs/security.md): someone's Free workspace invites the address, and they join with the token they saw
    const attacker = await operator('/admin/bootstrap', { email: `mallory-${process.pid}@attacker.test`, plan: 'free' });
    const created = await server.api('POST', `/workspaces/${attacker.body.workspace_id}/invites`, { key: attacker.body.api_key, body: { email } });
    expect(created.status).toBe(201);
    const joined = await server.api('POST', `/invites/${created.body.token}/join`, { body: {} });
    expect(joined.status).toBe(200);
    const stolen = { cookie: joined.headers.get('set-cookie')!.split(';', 1)[0]! };
    expect((await server.api('GET', '/session', { headers: stolen })).status).toBe(200);

    // the real person signs in by single sign-on: domain capture adds them to the owner's workspace
    const page = await ssoSignIn(email);
    await page.waitForURL(/\/app\/w\//);
    expect((await sessionOf(page)).workspaces.map((w: { id: string }) => w.id)).toContain(owner.workspaceId);
    // the attacker's session is refused; the person is told by mail
    expect((await server.api('GET', '/session', { headers: stolen })).status).toBe(401);
    expect((await server.api('GET', `/workspaces/${owner.workspaceId}/links`, { headers: stolen })).status).toBe(401);
    expect(await mailTo(email)).toBeDefined();
    expect(smtp.to(email).map((m) => m.subject)).toContain('Your Linkhop account: access opened before you signed in was ended');
    await page.context().close();
  });

  test('an unverified address is refused, and no account is made for it', async () => {
    const page = await ssoSignIn(`unverified-dan@${domain}`);
    await refusedWith(page, 'unverified', /did not confirm that your e-mail address is verified/);
    await page.context().close();
    const link = await operator('/admin/login-link', { email: `unverified-dan@${domain}` });
    expect(link.status).toBe(404);
  });

  test('cancelling at the provider comes back in words', async () => {
    const page = await freshPage();
    await toProvider(page);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await refusedWith(page, 'denied', new RegExp(`Sign-in was cancelled at ${PROVIDER}`));
    await page.context().close();
  });

  test('a forged state is refused, and uses the attempt up', async () => {
    const page = await freshPage();
    await toProvider(page);
    const real = await heldCallback(page, `erin@${domain}`);
    const forged = new URL(real);
    forged.searchParams.set('state', 'forged-state');
    await page.goto(forged.href);
    await refusedWith(page, 'state', /did not belong to a sign-in started in this browser/);
    // the real callback afterwards finds no attempt: one try per attempt
    await page.goto(real);
    await refusedWith(page, 'expired', /expired or was already used/);
    await page.context().close();
  });

  test('a replayed callback and a replayed code are refused', async () => {
    const page = await freshPage();
    await toProvider(page);
    const used = await heldCallback(page, `fay@${domain}`);
    await page.goto(used);
    await page.waitForURL(/\/app\/w\//);
    // the same callback again, signed out: the attempt was used up
    await page.context().clearCookies({ name: 'lh_session' });
    await page.goto(used);
    await refusedWith(page, 'expired', /expired or was already used/);
    await page.context().close();

    // the used code under another browser's own attempt (its state passes): the provider refuses the code
    const other = await freshPage();
    const states = authorizationStates(other);
    await toProvider(other);
    const tokenRequests = provider.state.tokenRequests;
    const replay = new URL(used);
    replay.searchParams.set('state', states.at(-1)!);
    await other.goto(replay.href);
    await refusedWith(other, 'code', new RegExp(`${PROVIDER} refused the sign-in code`));
    expect(provider.state.tokenRequests).toBe(tokenRequests + 1);
    await other.context().close();
  });

  for (const [label, tamper] of [
    ['a wrong audience', { aud: 'another-client' }],
    ['a wrong issuer', { iss: 'https://issuer.invalid' }],
    ['an expired ID token', { expired: true }],
  ] as const) {
    test(`${label} is refused`, async () => {
      provider.state.tamper = tamper;
      try {
        const page = await ssoSignIn(`gus@${domain}`);
        await refusedWith(page, 'token', /failed its checks/);
        await page.context().close();
      } finally {
        provider.state.tamper = undefined;
      }
    });
  }

  test('the owner, signed in by SSO to their existing account, manages the domains in the workspace settings (accessible, 1280 and 375 px)', async () => {
    const page = await ssoSignIn(OWNER_EMAIL);
    await page.waitForURL(/\/app\/w\//);
    await page.goto(`${SITE_URL}/app/w/${owner.workspaceId}/settings`);
    const section = page.getByRole('region', { name: 'Single sign-on domains' });
    await section.getByText(`${domain} · verified`).waitFor();
    const added = `new-${domain}`;
    await section.getByLabel('E-mail domain').fill(added);
    await section.getByRole('button', { name: 'Add domain' }).click();
    await section.getByText(`${added} · not verified yet`).waitFor();
    await section.getByText(`_linkhop.${added}`).waitFor();
    await section.scrollIntoViewIfNeeded();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.waitForSelector('.toast', { state: 'detached', timeout: 10_000 });
    // the section itself, whole, at both widths (the page's top is the other settings)
    for (const [label, width] of [
      ['wide', 1280],
      ['375', 375],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await section.screenshot({ path: `${DOCS_SCREENSHOTS}/settings-sso-domains-${label}.png` });
    }
    await section.getByRole('button', { name: `Remove ${added}` }).click();
    await section.getByText(`${added} · not verified yet`).waitFor({ state: 'detached' });
    await page.context().close();
  });

  test('"SSO required": the e-mail link is not sent for the domain (the reason is mailed instead); single sign-on goes on', async () => {
    const patched = await server.api('PATCH', `/workspaces/${owner.workspaceId}/sso-domains/${captured.id}`, { key: owner.key, body: { sso_required: true } });
    expect(patched.body.sso_required).toBe(true);
    const page = await freshPage();
    await page.goto(SIGN_IN);
    await page.getByLabel('E-mail').fill(`ada@${domain}`);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    const mail = await mailTo(`ada@${domain}`);
    expect(mail).toContain(`Addresses at ${domain} sign in to Linkhop with single sign-on only, so no sign-in link was sent.`);
    expect(mail).toContain(`Use "Sign in with ${PROVIDER}" on the Linkhop sign-in page.`);
    expect(mail).not.toContain('#token=');
    await page.context().close();
    const sso = await ssoSignIn(`ada@${domain}`);
    await sso.waitForURL(/\/app\/w\//);
    await sso.context().close();
  });
});
