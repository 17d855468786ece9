import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Page } from 'playwright-core';
import { checkA11y, DOCS_SCREENSHOTS, screenshot, signIn, skipBrowser, startDashboard, warnIfNoChromium, type Dashboard } from './harness';

/**
 * The official MCP SDK client connecting by OAuth, end to end: discovery from the 401, dynamic
 * registration, the consent page in Chromium (the person picks the workspace and a role), the
 * code exchanged with PKCE, `tools/list` limited by the role, and revocation on the Account page.
 */
warnIfNoChromium('MCP over OAuth');

const REDIRECT_URI = 'http://127.0.0.1:7777/callback';
let d: Dashboard;
let base: string;

beforeAll(async () => {
  if (skipBrowser) return;
  d = await startDashboard();
  base = `http://127.0.0.1:${d.t.app.server!.port}`;
}, 60_000);
afterAll(async () => {
  await d?.close();
});

/** The SDK's fetch to the site: over the app's socket, with the site's Host (the site name resolves nowhere outside Chromium). */
const siteFetch = (url: string | URL, init?: RequestInit) => {
  const target = new URL(url);
  const headers = new Headers(init?.headers);
  headers.set('host', target.host);

  return fetch(`${base}${target.pathname}${target.search}`, { ...init, headers, redirect: 'manual' });
};

/** An OAuth client provider as an MCP host app keeps one: in memory, the browser step left to the test. */
class AppUnderTest implements OAuthClientProvider {
  authorizationUrl?: URL;
  private client?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier = '';
  readonly redirectUrl = REDIRECT_URI;
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'Agent <b>under</b> test',
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  state = () => 'state-from-the-app';
  clientInformation = () => this.client;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.client = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
  /** what the SDK calls when the server refuses the stored tokens or client */
  invalidateCredentials = (scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') => {
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'client') this.client = undefined;
  };
}

/**
 * The refusal of a call, for `expect`. Not `expect(…).rejects`: Bun's matcher waits for the promise
 * in a way that starves the embedded database's worker replies, and the SDK call then times out.
 */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

const transportFor = (app: AppUnderTest) => new StreamableHTTPClientTransport(new URL(`${d.t.config.siteUrl}/mcp`), { authProvider: app, fetch: siteFetch });

/** The person's browser at the app's redirect URI: nothing listens there, the page records where it was sent. */
async function catchRedirect(page: Page) {
  await page.route(`${REDIRECT_URI}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Back in the app</title>' }));
}

describe.skipIf(skipBrowser)('MCP over OAuth with the official SDK client', () => {
  test('registration, consent in the dashboard, token, tools/list by role, revocation → 401', async () => {
    const email = `oauth-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { workspaceId } = await d.t.bootstrap({ email, plan: 'pro', name: 'Ada Lovelace' });
    const app = new AppUnderTest();

    // 1. the first connection answers 401; the SDK discovers the server, registers and asks for consent
    const client = new Client({ name: 'agent-under-test', version: '1.0.0' });
    expect(await refusal(client.connect(transportFor(app)))).toBeInstanceOf(UnauthorizedError);
    const asked = app.authorizationUrl!;
    expect(asked.origin + asked.pathname).toBe(`${d.t.config.siteUrl}/app/oauth/authorize`);
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('resource')).toBe(`${d.t.config.siteUrl}/mcp`);
    expect(app.clientInformation()?.client_id).toBeTruthy();

    // 2. the person, signed in, answers on the consent page
    const { page, cspViolations } = await d.newPage();
    await signIn(d, page, email);
    await catchRedirect(page);
    await page.goto(asked.toString());
    await page.getByRole('heading', { name: 'Connect an app', level: 1 }).waitFor();
    // the app's name is text, never markup
    await page.getByText('Agent <b>under</b> test', { exact: true }).first().waitFor();
    await expect(page.getByText('127.0.0.1:7777').first().isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Role').locator('option').allTextContents()).resolves.toEqual(['viewer', 'editor', 'admin', 'owner']);
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByRole('status').getByText('read links, stats, domains and tags').waitFor();
    await checkA11y(page);
    await screenshot(page, 'oauth-consent', DOCS_SCREENSHOTS);
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${REDIRECT_URI}?**`);
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('state-from-the-app');
    expect(back.searchParams.get('iss')).toBe(d.t.config.siteUrl);

    // 3. the app exchanges the code and connects: a viewer's tools only
    const transport = transportFor(app);
    await transport.finishAuth(back.searchParams.get('code')!);
    expect(app.tokens()?.access_token).toStartWith('lho_');
    const connected = new Client({ name: 'agent-under-test', version: '1.0.0' });
    await connected.connect(transport);
    const names = (await connected.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['list_links', 'get_link', 'list_tags']));
    expect(names).not.toContain('create_link');
    expect(names).not.toContain('delete_link');

    // 4. the Account page lists the app; Revoke ends it
    await page.goto(d.appUrl(`/w/${workspaceId}/account`));
    const item = page.getByRole('listitem', { name: /^Agent <b>under<\/b> test in / });
    await item.waitFor();
    await expect(item.getByText('as viewer', { exact: false }).isVisible()).resolves.toBe(true);
    await checkA11y(page);
    await page.getByRole('region', { name: 'Authorised apps' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'account-authorised-apps', DOCS_SCREENSHOTS);
    await item.getByRole('button', { name: /^Revoke / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No app is connected.').waitFor();

    const accessToken = app.tokens()!.access_token;
    const revoked = await siteFetch(`${d.t.config.siteUrl}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(revoked.status).toBe(401);
    // the SDK client sees 401, cannot refresh (the refresh token ended too) and asks for consent again
    app.authorizationUrl = undefined;
    expect(await refusal(connected.listTools())).toBeInstanceOf(Error);
    expect(app.authorizationUrl).toBeDefined();
    await connected.close().catch(() => {});
    expect(cspViolations).toEqual([]);
  });

  test('Deny sends the person back to the app with access_denied; a forged request shows its fault in words', async () => {
    const email = `oauth-deny-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await d.t.bootstrap({ email });
    const app = new AppUnderTest();
    expect(await refusal(new Client({ name: 'a', version: '1' }).connect(transportFor(app)))).toBeInstanceOf(UnauthorizedError);
    const { page } = await d.newPage({ width: 375 });
    await signIn(d, page, email);
    await catchRedirect(page);

    const forged = new URL(app.authorizationUrl!);
    forged.searchParams.set('redirect_uri', 'https://attacker.example/steal');
    await page.goto(forged.toString());
    await page.getByText('Invalid redirect_uri: not one the app registered').waitFor();
    await expect(page.getByRole('button', { name: 'Allow' }).count()).resolves.toBe(0);
    await checkA11y(page);

    await page.goto(app.authorizationUrl!.toString());
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(`${REDIRECT_URI}?**`);
    const back = new URL(page.url());
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('state-from-the-app');
    expect(back.searchParams.get('code')).toBeNull();
  });

  test('signed out, the consent page leads through sign-in and back to the same request', async () => {
    const email = `oauth-later-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await d.t.bootstrap({ email });
    const app = new AppUnderTest();
    expect(await refusal(new Client({ name: 'a', version: '1' }).connect(transportFor(app)))).toBeInstanceOf(UnauthorizedError);
    const { page } = await d.newPage();
    await page.goto(app.authorizationUrl!.toString());
    await page.waitForURL(d.appUrl('/sign-in'));
    const { mailedLink } = await import('./harness');
    const before = d.mail.to(email).length;
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    await page.goto(await mailedLink(d, email, 'sign-in', before));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Connect an app', level: 1 }).waitFor();
    expect(page.url()).toBe(app.authorizationUrl!.toString());
  });
});
