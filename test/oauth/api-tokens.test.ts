import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createLinkhop, LinkhopError } from '../../packages/sdk/src';
import { SITE_URL, type TestApp } from '../helpers/app';
import { asSession, signIn, startSessionsApp, uniqueEmail, type Session, type Sink } from '../sessions/helpers';
import { consent, exchange, pkce, register, revoke, token, toolsWith } from './helpers';

// The browser extension's side of the authorization server: extension pages as redirect URIs, and
// tokens for the REST API (resource {SITE_URL}/api) that work there and nowhere else.

const API_URL = `${SITE_URL}/api`;
const CHROME_PAGE = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/callback.html';
const FIREFOX_PAGE = 'moz-extension://0a1b2c3d-0000-4000-8000-123456789abc/callback.html';

let t: TestApp;
let sink: Sink;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, sink, close } = await startSessionsApp());
}, 120_000);
afterAll(() => close());

async function owner(): Promise<{ session: Session; workspaceId: string }> {
  const email = uniqueEmail('ext');
  const { workspaceId } = await t.bootstrap({ email, plan: 'pro' });
  return { session: await signIn(t, sink, email), workspaceId };
}

const authorizationQuery = (clientId: string, challenge: string, redirectUri: string, resource?: string) => ({
  client_id: clientId,
  redirect_uri: redirectUri,
  response_type: 'code',
  code_challenge: challenge,
  code_challenge_method: 'S256',
  state: 'st',
  ...(resource ? { resource } : {}),
});

/** The extension's sign-in: registered with its page, consented for the REST API, the code exchanged. */
async function extensionTokens(person: { session: Session; workspaceId: string }, role = 'editor') {
  const client = (await register(t, { client_name: 'Linkhop browser extension', redirect_uris: [CHROME_PAGE] })).body;
  const { verifier, challenge } = pkce();
  const answer = await asSession(t, person.session)('POST', '/oauth/authorization', {
    body: { ...authorizationQuery(client.client_id, challenge, CHROME_PAGE, API_URL), allow: true, workspace_id: person.workspaceId, role },
  });
  expect(answer.status).toBe(200);
  const to = new URL(answer.body.redirect_to);
  expect(to.protocol).toBe('chrome-extension:');
  const tokens = await token(t, {
    grant_type: 'authorization_code',
    client_id: client.client_id,
    code: to.searchParams.get('code')!,
    code_verifier: verifier,
    redirect_uri: CHROME_PAGE,
    resource: API_URL,
  });
  expect(tokens.status).toBe(200);
  return { client, tokens };
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('browser extension pages as redirect URIs', () => {
  test("Chromium's and Firefox's extension pages register; malformed ids, ports and other schemes do not", async () => {
    expect((await register(t, { redirect_uris: [CHROME_PAGE, FIREFOX_PAGE, 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/'] })).status).toBe(201);
    for (const uri of [
      'chrome-extension://not-an-id/callback.html',
      'chrome-extension://ABCDEFGHIJKLMNOPABCDEFGHIJKLMNOP/callback.html',
      'chrome-extension://abcdefghijklmnopabcdefghijklmnop:8080/callback.html',
      'moz-extension://abcdefghijklmnopabcdefghijklmnop/callback.html',
      `${CHROME_PAGE}#frag`,
      'javascript://abcdefghijklmnopabcdefghijklmnop/%0aalert(1)',
      'safari-web-extension://abc/callback.html',
    ]) {
      const res = await register(t, { redirect_uris: [uri] });
      expect(res.status, uri).toBe(400);
      expect(res.body.error).toBe('invalid_redirect_uri');
    }
  });

  test('the consent page is told the answer goes to a browser extension and that the tokens are for the API', async () => {
    const person = await owner();
    const client = (await register(t, { client_name: 'Linkhop browser extension', redirect_uris: [CHROME_PAGE] })).body;
    const { challenge } = pkce();
    const query = new URLSearchParams(authorizationQuery(client.client_id, challenge, CHROME_PAGE, API_URL));
    const res = await asSession(t, person.session)('GET', `/oauth/authorization?${query}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      client_name: 'Linkhop browser extension',
      redirect_host: 'abcdefghijklmnopabcdefghijklmnop',
      browser_extension: true,
      through: 'api',
    });
    // an MCP client on loopback: neither
    const mcp = (await register(t)).body;
    const plain = new URLSearchParams(authorizationQuery(mcp.client_id, challenge, 'http://127.0.0.1:7777/callback'));
    expect((await asSession(t, person.session)('GET', `/oauth/authorization?${plain}`)).body).toMatchObject({ browser_extension: false, through: 'mcp' });
    // another resource is refused in words
    const other = new URLSearchParams(authorizationQuery(client.client_id, challenge, CHROME_PAGE, `${SITE_URL}/admin`));
    const refused = await asSession(t, person.session)('GET', `/oauth/authorization?${other}`);
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('resource');
    // a redirect URI the extension did not register is refused (no redirect to another extension)
    const stranger = new URLSearchParams(
      authorizationQuery(client.client_id, challenge, 'chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba/callback.html', API_URL),
    );
    expect((await asSession(t, person.session)('GET', `/oauth/authorization?${stranger}`)).body.field).toBe('redirect_uri');
  });
});

describe('tokens for the REST API', () => {
  test('act on /api as the grant (workspace, role cap), not on /mcp; MCP tokens do not act on /api', async () => {
    const person = await owner();
    const { tokens } = await extensionTokens(person, 'editor');
    expect(tokens.status).toBe(200);
    const access = tokens.body.access_token as string;
    const created = await t.api('POST', `/workspaces/${person.workspaceId}/links`, {
      body: { target: 'https://example.com/ext', tags: ['ext'] },
      ...bearer(access),
    });
    expect(created.status).toBe(201);
    const listed = await t.api('GET', `/workspaces/${person.workspaceId}/links?tag=ext`, bearer(access));
    expect(listed.body.links.map((l: { id: string }) => l.id)).toEqual([created.body.id]);
    // an editor grant cannot delete (admin and up)
    expect((await t.api('DELETE', `/workspaces/${person.workspaceId}/links/${created.body.id}`, bearer(access))).status).toBe(403);
    // another workspace of the same person: not the grant's
    const { workspaceId: second } = await t.bootstrap({ email: uniqueEmail('ext-other') });
    expect((await t.api('GET', `/workspaces/${second}/links`, bearer(access))).status).toBe(404);
    // the API's token on MCP: nothing
    expect((await toolsWith(t, access)).status).toBe(401);

    // an MCP grant's token on the API: nothing
    const mcpClient = (await register(t)).body;
    const { verifier, challenge } = pkce();
    const { code } = await consent(t, person.session, { clientId: mcpClient.client_id, workspaceId: person.workspaceId, role: 'editor', challenge });
    const mcpTokens = (await exchange(t, mcpClient.client_id, code, verifier)).body;
    expect((await toolsWith(t, mcpTokens.access_token)).status).toBe(200);
    const refused = await t.api('GET', `/workspaces/${person.workspaceId}/links`, bearer(mcpTokens.access_token));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toContain('access token');
  });

  test('the SDK signed in with an access token (accessToken) creates and lists; an MCP token is refused with the API error', async () => {
    const person = await owner();
    const { tokens } = await extensionTokens(person, 'editor');
    // the SDK's requests go to this app as they would over the network, to the site's /api
    const sdk = (accessToken: string) => createLinkhop({ baseUrl: SITE_URL, accessToken, fetch: (request, init) => t.app.handle(new Request(request, init)) });
    const linkhop = sdk(tokens.body.access_token);
    const created = await linkhop.post('/api/workspaces/{wsId}/links', {
      params: { path: { wsId: person.workspaceId } },
      body: { target: 'https://example.com/sdk-token', tags: ['sdk-token'] },
    });
    expect(created.target).toBe('https://example.com/sdk-token');
    const listed = await linkhop.get('/api/workspaces/{wsId}/links', { params: { path: { wsId: person.workspaceId }, query: { tag: 'sdk-token' } } });
    expect(listed.links.map((link) => link.id)).toEqual([created.id]);

    const mcpClient = (await register(t)).body;
    const { verifier, challenge } = pkce();
    const { code } = await consent(t, person.session, { clientId: mcpClient.client_id, workspaceId: person.workspaceId, role: 'editor', challenge });
    const mcpToken = (await exchange(t, mcpClient.client_id, code, verifier)).body.access_token as string;
    const refused = await sdk(mcpToken)
      .get('/api/workspaces/{wsId}/links', { params: { path: { wsId: person.workspaceId } } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LinkhopError);
    expect((refused as LinkhopError).status).toBe(401);
  });

  test('refreshed, and revoked from the Account page: the API answers 401 at once', async () => {
    const person = await owner();
    const { client, tokens } = await extensionTokens(person, 'viewer');
    const refreshed = await token(t, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.body.refresh_token });
    expect(refreshed.status).toBe(200);
    const access = refreshed.body.access_token as string;
    expect((await t.api('GET', `/workspaces/${person.workspaceId}/links`, bearer(access))).status).toBe(200);
    const grants = await asSession(t, person.session)('GET', '/oauth/grants');
    const grant = grants.body.data.find((g: { client_name: string }) => g.client_name === 'Linkhop browser extension');
    expect(grant.redirect_host).toBe('abcdefghijklmnopabcdefghijklmnop');
    expect((await asSession(t, person.session)('DELETE', `/oauth/grants/${grant.id}`)).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${person.workspaceId}/links`, bearer(access))).status).toBe(401);
  });

  test('a bad bearer is a 401 in the API error shape; an API key still wins over a bearer', async () => {
    const person = await owner();
    for (const value of ['Bearer lho_nope', 'Bearer lhr_refresh-is-not-access', `Bearer ${'x'.repeat(5000)}`]) {
      const res = await t.api('GET', `/workspaces/${person.workspaceId}/links`, { headers: { authorization: value } });
      expect(res.status).toBe(401);
      expect(typeof res.body.error).toBe('string');
    }
    const { key } = await t.bootstrap({ email: uniqueEmail('ext-key') });
    const res = await t.api('GET', '/workspaces', { key, headers: { authorization: 'Bearer lho_nope' } });
    expect(res.status).toBe(200);
  });

  test('revoking the access token by RFC 7009 ends it on the API', async () => {
    const person = await owner();
    const { client, tokens } = await extensionTokens(person);
    expect((await revoke(t, { token: tokens.body.refresh_token, client_id: client.client_id })).status).toBe(200);
    expect((await t.api('GET', `/workspaces/${person.workspaceId}/links`, bearer(tokens.body.access_token))).status).toBe(401);
  });
});

describe('links by target', () => {
  test('?target= lists the links whose target is exactly that URL', async () => {
    const { workspaceId, key } = await t.bootstrap({ email: uniqueEmail('ext-target') });
    const page = 'https://example.com/article?id=7&utm_source=x';
    const a = await t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: page } });
    await t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: `${page}&more=1` } });
    await t.api('POST', `/workspaces/${workspaceId}/links`, { key, body: { target: 'https://example.com/article' } });
    const res = await t.api('GET', `/workspaces/${workspaceId}/links?target=${encodeURIComponent(page)}`, { key });
    expect(res.status).toBe(200);
    expect(res.body.links.map((l: { id: string }) => l.id)).toEqual([a.body.id]);
    // another workspace's link to the same page is not found here
    const other = await t.bootstrap({ email: uniqueEmail('ext-target-2') });
    const none = await t.api('GET', `/workspaces/${other.workspaceId}/links?target=${encodeURIComponent(page)}`, { key: other.key });
    expect(none.body.total).toBe(0);
    expect((await t.api('GET', `/workspaces/${workspaceId}/links?target=${'a'.repeat(9000)}`, { key })).status).toBe(400);
  });
});
