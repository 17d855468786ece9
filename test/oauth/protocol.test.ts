import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, isNull } from 'drizzle-orm';
import { addMember } from '../../modules/members';
import { oauthClients, oauthCodes, oauthTokens } from '../../modules/oauth/schema';
import { SITE_URL, type TestApp } from '../helpers/app';
import { memberWithKey } from '../helpers/members';
import { asSession, freshIp, signIn, startSessionsApp, uniqueEmail, type Session, type Sink } from '../sessions/helpers';
import { consent, exchange, MCP_URL, pkce, REDIRECT_URI, register, revoke, siteRequest, token, toolsWith } from './helpers';

let t: TestApp;
let sink: Sink;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, sink, close } = await startSessionsApp());
});
afterAll(() => close());

/** A person owning a workspace, signed in to the dashboard. */
async function owner(): Promise<{ session: Session; workspaceId: string; email: string }> {
  const email = uniqueEmail('oauth');
  const { workspaceId } = await t.bootstrap({ email, plan: 'pro' });
  return { session: await signIn(t, sink, email), workspaceId, email };
}

/** A registered app, a consent and its code exchanged: the tokens. */
async function authorised(person: { session: Session; workspaceId: string }, role = 'editor') {
  const client = (await register(t)).body;
  const { verifier, challenge } = pkce();
  const { code } = await consent(t, person.session, { clientId: client.client_id, workspaceId: person.workspaceId, role, challenge });
  const tokens = await exchange(t, client.client_id, code, verifier);
  expect(tokens.status).toBe(200);
  return { client, tokens: tokens.body };
}

describe('metadata', () => {
  test('the authorization server and the MCP resource describe themselves at the well-known paths', async () => {
    const as = (await (await siteRequest(t, '/.well-known/oauth-authorization-server')).json()) as any;
    expect(as).toMatchObject({
      issuer: SITE_URL,
      authorization_endpoint: `${SITE_URL}/app/oauth/authorize`,
      token_endpoint: `${SITE_URL}/oauth/token`,
      registration_endpoint: `${SITE_URL}/oauth/register`,
      revocation_endpoint: `${SITE_URL}/oauth/revoke`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(as.grant_types_supported).not.toContain('implicit');
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await siteRequest(t, path);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.json()).toMatchObject({ resource: MCP_URL, authorization_servers: [SITE_URL] });
    }
    // on a short domain these paths are not the site's
    expect((await t.app.handle(new Request(`http://${t.config.defaultDomain}/.well-known/oauth-authorization-server`))).status).toBe(404);
  });

  test('browser clients on other origins may call the protocol endpoints (CORS preflight)', async () => {
    for (const path of ['/oauth/register', '/oauth/token', '/.well-known/oauth-authorization-server']) {
      const res = await siteRequest(t, path, { method: 'OPTIONS', headers: { origin: 'https://inspector.example', 'access-control-request-method': 'POST' } });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
    }
  });

  test('the MCP endpoint without a credential answers 401 pointing at the resource metadata', async () => {
    const res = await siteRequest(t, '/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${SITE_URL}/.well-known/oauth-protected-resource/mcp"`);
    const bad = await toolsWith(t, 'lho_not-a-token');
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});

describe('registration', () => {
  test('a public client with https and loopback redirect URIs', async () => {
    const res = await register(t, {
      redirect_uris: ['https://app.example/cb', 'http://[::1]/cb', 'http://localhost:3000/cb'],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ client_name: 'Test agent', token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] });
    expect(res.body.client_secret).toBeUndefined();
  });

  test.each([
    ['no redirect URI', { redirect_uris: [] }, 'invalid_redirect_uri'],
    ['plain http to another host', { redirect_uris: ['http://app.example/cb'] }, 'invalid_redirect_uri'],
    ['a javascript: URI', { redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    ['a fragment', { redirect_uris: ['https://app.example/cb#frag'] }, 'invalid_redirect_uri'],
    ['user info', { redirect_uris: ['https://user:pw@app.example/cb'] }, 'invalid_redirect_uri'],
    ['a NUL byte', { redirect_uris: ['https://app.example/\u0000'] }, 'invalid_redirect_uri'],
    ['a URI over 2000 characters', { redirect_uris: [`https://app.example/${'a'.repeat(2001)}`] }, 'invalid_redirect_uri'],
    ['six redirect URIs', { redirect_uris: Array.from({ length: 6 }, (_, i) => `https://app.example/${i}`) }, 'invalid_redirect_uri'],
    ['the implicit grant', { grant_types: ['implicit'] }, 'invalid_client_metadata'],
    ['client credentials', { grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    ['response type token', { response_types: ['token'] }, 'invalid_client_metadata'],
    ['a name over 100 characters', { client_name: 'x'.repeat(101) }, 'invalid_client_metadata'],
    ['a NUL byte in the name', { client_name: 'bad\u0000name' }, 'invalid_client_metadata'],
    ['a name that is not text', { client_name: 42 }, 'invalid_client_metadata'],
  ] as const)('refused: %s', async (_label, metadata, error) => {
    const res = await register(t, metadata);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  test('bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) are stripped from the name', async () => {
    const controls = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];
    for (const control of controls) {
      const res = await register(t, { client_name: `Good${control}ppa.live` });
      expect({ control: control.codePointAt(0)!.toString(16), status: res.status, name: res.body.client_name }).toEqual({
        control: control.codePointAt(0)!.toString(16),
        status: 201,
        name: 'Goodppa.live',
      });
    }
    // a name of controls only is no name
    expect((await register(t, { client_name: '\u202E\u2066 ' })).body.client_name).toBe('Unnamed app');
  });

  test('20 registrations an hour per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await register(t, {}, ip)).status).toBe(201);
    const res = await register(t, {}, ip);
    expect(res.status).toBe(429);
    expect((await register(t)).status).toBe(201);
  });

  test('a body over 8 KB, and a body that is not JSON, are refused', async () => {
    expect((await register(t, { software_statement: 'x'.repeat(9000) })).body.error).toBe('invalid_client_metadata');
    const res = await siteRequest(t, '/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(res.status).toBe(400);
  });
});

describe('consent', () => {
  test('the consent page reads the app and the redirect host; bad requests are refused in words', async () => {
    const me = await owner();
    const client = (await register(t)).body;
    const { challenge } = pkce();
    const call = asSession(t, me.session);
    const q = (extra: Record<string, string>) =>
      `/oauth/authorization?${new URLSearchParams({ client_id: client.client_id, redirect_uri: REDIRECT_URI, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', ...extra })}`;
    const ok = await call('GET', q({}));
    expect(ok.body).toEqual({ client_name: 'Test agent', redirect_host: '127.0.0.1:7777', browser_extension: false, through: 'mcp' });
    // another loopback port is the same registered URI (RFC 8252)
    expect((await call('GET', q({ redirect_uri: 'http://127.0.0.1:9999/callback' }))).status).toBe(200);
    for (const [extra, field] of [
      [{ client_id: 'unknown' }, 'client_id'],
      [{ redirect_uri: 'https://evil.example/callback' }, 'redirect_uri'],
      [{ redirect_uri: 'http://127.0.0.1:7777/other' }, 'redirect_uri'],
      [{ response_type: 'token' }, 'response_type'],
      [{ code_challenge_method: 'plain' }, 'code_challenge_method'],
      [{ code_challenge: 'short' }, 'code_challenge'],
      [{ resource: 'https://elsewhere.example/mcp' }, 'resource'],
    ] as const) {
      const res = await call('GET', q(extra));
      expect({ status: res.status, field: res.body.field }).toEqual({ status: 400, field });
    }
    const noMethod = new URLSearchParams({ client_id: client.client_id, redirect_uri: REDIRECT_URI, response_type: 'code', code_challenge: challenge });
    expect((await call('GET', `/oauth/authorization?${noMethod}`)).body.field).toBe('code_challenge_method');
  });

  test('Deny sends access_denied with the state; Allow sends a code with the state and iss', async () => {
    const me = await owner();
    const client = (await register(t)).body;
    const { challenge } = pkce();
    const denied = await asSession(t, me.session)('POST', '/oauth/authorization', {
      body: {
        client_id: client.client_id,
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'abc',
        allow: false,
      },
    });
    const to = new URL(denied.body.redirect_to);
    expect(to.origin + to.pathname).toBe(REDIRECT_URI);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({ error: 'access_denied', state: 'abc', iss: SITE_URL });
    const { url } = await consent(t, me.session, { clientId: client.client_id, workspaceId: me.workspaceId, role: 'viewer', challenge, state: 'xyz' });
    expect(url.searchParams.get('state')).toBe('xyz');
    expect(url.searchParams.get('iss')).toBe(SITE_URL);
  });

  test('without the CSRF token, with an API key, above your role or in a workspace not yours: refused', async () => {
    const me = await owner();
    const other = await owner();
    const client = (await register(t)).body;
    const { challenge } = pkce();
    const body = {
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      allow: true,
      workspace_id: me.workspaceId,
      role: 'viewer',
    };
    expect((await asSession(t, me.session)('POST', '/oauth/authorization', { body, csrf: null })).status).toBe(403);
    const { key } = await t.bootstrap({ email: uniqueEmail('keyholder') });
    expect((await t.api('POST', '/oauth/authorization', { key, body })).status).toBe(403);
    expect((await asSession(t, me.session)('POST', '/oauth/authorization', { body: { ...body, workspace_id: other.workspaceId } })).status).toBe(404);
    expect((await asSession(t, me.session)('POST', '/oauth/authorization', { body: { ...body, role: 'superuser' } })).status).toBe(400);

    // a viewer may grant viewer only
    const viewer = await memberWithKey(t, me.workspaceId, 'viewer');
    const viewerSession = await signIn(t, sink, viewer.email);
    const refused = await asSession(t, viewerSession)('POST', '/oauth/authorization', { body: { ...body, role: 'editor' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('at most');
  });
});

describe('tokens', () => {
  test('the code gives tokens once; the tools follow the granted role', async () => {
    const me = await owner();
    const { tokens } = await authorised(me, 'viewer');
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(tokens.access_token).toStartWith('lho_');
    const viewerTools = await toolsWith(t, tokens.access_token);
    expect(viewerTools.status).toBe(200);
    expect(viewerTools.tools).toContain('list_links');
    expect(viewerTools.tools).not.toContain('create_link');
    const editor = await authorised(me, 'editor');
    const editorTools = (await toolsWith(t, editor.tokens.access_token)).tools;
    expect(editorTools).toContain('create_link');
    expect(editorTools).not.toContain('delete_link');
  });

  test('a wrong PKCE verifier, a code for another client, a redirect_uri mismatch: invalid_grant, and the code is spent', async () => {
    const me = await owner();
    const client = (await register(t)).body;
    const otherClient = (await register(t)).body;
    const cases = [
      (code: string, _verifier: string) => exchange(t, client.client_id, code, pkce().verifier),
      (code: string, verifier: string) => exchange(t, otherClient.client_id, code, verifier),
      (code: string, verifier: string) => exchange(t, client.client_id, code, verifier, 'http://127.0.0.1:7777/elsewhere'),
    ];
    for (const attempt of cases) {
      const { verifier, challenge } = pkce();
      const { code } = await consent(t, me.session, { clientId: client.client_id, workspaceId: me.workspaceId, role: 'editor', challenge });
      const refused = await attempt(code, verifier);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_grant');
      // the right request after a wrong one gets nothing: the code was spent
      expect((await exchange(t, client.client_id, code, verifier)).body.error).toBe('invalid_grant');
    }
  });

  test('a replayed code is refused and revokes the tokens the first use gave', async () => {
    const me = await owner();
    const client = (await register(t)).body;
    const { verifier, challenge } = pkce();
    const { code } = await consent(t, me.session, { clientId: client.client_id, workspaceId: me.workspaceId, role: 'editor', challenge });
    const first = await exchange(t, client.client_id, code, verifier);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await toolsWith(t, first.body.access_token)).status).toBe(200);
    const replay = await exchange(t, client.client_id, code, verifier);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await toolsWith(t, first.body.access_token)).status).toBe(401);
    expect((await token(t, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: first.body.refresh_token })).body.error).toBe(
      'invalid_grant',
    );
  });

  test('an expired code and an expired access token are refused', async () => {
    const me = await owner();
    const client = (await register(t)).body;
    const { verifier, challenge } = pkce();
    const { code } = await consent(t, me.session, { clientId: client.client_id, workspaceId: me.workspaceId, role: 'editor', challenge });
    await t.deps.db.update(oauthCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await exchange(t, client.client_id, code, verifier)).body.error).toBe('invalid_grant');

    const { tokens } = await authorised(me);
    await t.deps.db
      .update(oauthTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthTokens.kind, 'access'));
    const res = await toolsWith(t, tokens.access_token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
  });

  test('refresh rotates; the old refresh token used again revokes the authorisation', async () => {
    const me = await owner();
    const { client, tokens } = await authorised(me);
    const refresh = (refreshToken: string, clientId = client.client_id) =>
      token(t, { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken, resource: MCP_URL });
    const next = await refresh(tokens.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await toolsWith(t, next.body.access_token)).status).toBe(200);
    const reused = await refresh(tokens.refresh_token);
    expect(reused.body.error).toBe('invalid_grant');
    // the whole authorisation ended: the new tokens too
    expect((await toolsWith(t, next.body.access_token)).status).toBe(401);
    expect((await refresh(next.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  test('an expired refresh token is refused', async () => {
    const me = await owner();
    const { client, tokens } = await authorised(me);
    await t.deps.db
      .update(oauthTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthTokens.kind, 'refresh'));
    const res = await token(t, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.refresh_token });
    expect(res.body.error).toBe('invalid_grant');
  });

  test('a refresh token presented by another client is refused', async () => {
    const me = await owner();
    const { tokens } = await authorised(me);
    const other = (await register(t)).body;
    const res = await token(t, { grant_type: 'refresh_token', client_id: other.client_id, refresh_token: tokens.refresh_token });
    expect(res.body.error).toBe('invalid_grant');
  });

  test('unsupported grant types, a wrong content type and a wrong resource are refused', async () => {
    expect((await token(t, { grant_type: 'password', username: 'a', password: 'b' })).body.error).toBe('unsupported_grant_type');
    expect((await token(t, { grant_type: 'client_credentials' })).body.error).toBe('unsupported_grant_type');
    const json = await siteRequest(t, '/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":"authorization_code"}',
    });
    expect(json.status).toBe(400);
    expect((await token(t, { grant_type: 'authorization_code' })).body.error).toBe('invalid_request');
    const me = await owner();
    const client = (await register(t)).body;
    const { verifier, challenge } = pkce();
    const { code } = await consent(t, me.session, { clientId: client.client_id, workspaceId: me.workspaceId, role: 'editor', challenge });
    const wrong = await token(t, {
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URI,
      resource: 'https://elsewhere.example/mcp',
    });
    expect(wrong.body.error).toBe('invalid_target');
    expect((await exchange(t, client.client_id, code, verifier)).body.error).toBe('invalid_grant');
  });

  test('60 token requests a minute per address', async () => {
    const ip = freshIp();
    const attempt = () =>
      siteRequest(t, '/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: 'grant_type=refresh_token&client_id=x&refresh_token=lhr_unknown',
      });
    for (let i = 0; i < 60; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('scope and revocation', () => {
  test('a token of workspace A acts in A only, though its person also belongs to workspace B', async () => {
    const me = await owner();
    const b = await t.bootstrap({ plan: 'pro' });
    await addMember(t.deps.db, b.workspaceId, me.session.userId, 'owner');
    const inB = await t.api('POST', `/workspaces/${b.workspaceId}/links`, { key: b.key, body: { target: 'https://example.com/in-b' } });
    expect(inB.status).toBe(201);
    const { tokens } = await authorised(me, 'editor');
    const call = async (name: string, args: Record<string, unknown>) => {
      const res = await siteRequest(t, '/mcp', {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      });
      return ((await res.json()) as any).result;
    };
    const created = JSON.parse((await call('create_link', { target: 'https://example.com/a' })).content[0].text);
    expect(created.workspace_id).toBe(me.workspaceId);
    const fromB = await call('get_link', { id: inB.body.id });
    expect(fromB.isError).toBe(true);
    expect(fromB.structuredContent.status).toBe(404);
    expect(JSON.parse((await call('list_links', {})).content[0].text).links.map((l: { id: string }) => l.id)).toEqual([created.id]);
    // the REST API takes no OAuth token at all
    expect((await t.api('GET', `/workspaces/${me.workspaceId}/links`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
  });

  test('a member demoted or removed: the token follows at once', async () => {
    const me = await owner();
    const member = await memberWithKey(t, me.workspaceId, 'editor');
    const memberSession = await signIn(t, sink, member.email);
    const { client, tokens } = await authorised({ session: memberSession, workspaceId: me.workspaceId }, 'editor');
    expect((await toolsWith(t, tokens.access_token)).tools).toContain('create_link');
    const ownerCall = asSession(t, me.session);
    expect((await ownerCall('PATCH', `/workspaces/${me.workspaceId}/members/${member.userId}`, { body: { role: 'viewer' } })).status).toBe(200);
    expect((await toolsWith(t, tokens.access_token)).tools).not.toContain('create_link');
    expect((await ownerCall('DELETE', `/workspaces/${me.workspaceId}/members/${member.userId}`)).status).toBe(200);
    expect((await toolsWith(t, tokens.access_token)).status).toBe(401);
    // nor does a refresh give the former member anything
    const refreshed = await token(t, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.refresh_token });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  test('RFC 7009: an access token ends alone; a refresh token ends the authorisation; unknown tokens answer 200', async () => {
    const me = await owner();
    const { client, tokens } = await authorised(me);
    expect((await revoke(t, { token: tokens.access_token, client_id: client.client_id })).status).toBe(200);
    expect((await toolsWith(t, tokens.access_token)).status).toBe(401);
    const next = await token(t, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.refresh_token });
    expect(next.status).toBe(200);
    expect((await revoke(t, { token: next.body.refresh_token, client_id: client.client_id, token_type_hint: 'refresh_token' })).status).toBe(200);
    expect((await toolsWith(t, next.body.access_token)).status).toBe(401);
    expect((await token(t, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: next.body.refresh_token })).body.error).toBe(
      'invalid_grant',
    );
    expect((await revoke(t, { token: 'lho_unknown' })).status).toBe(200);
    // another client may not revoke this client's token
    const mine = await authorised(me);
    const res = await revoke(t, { token: mine.tokens.access_token, client_id: client.client_id });
    expect(res.status).toBe(400);
    expect((await toolsWith(t, mine.tokens.access_token)).status).toBe(200);
  });

  test('a consent whose code expired unused leaves no grant behind; one that was exchanged stays', async () => {
    const me = await owner();
    const client = (await register(t)).body;
    await consent(t, me.session, { clientId: client.client_id, workspaceId: me.workspaceId, role: 'viewer', challenge: pkce().challenge });
    const { tokens } = await authorised(me, 'viewer');
    expect((await asSession(t, me.session)('GET', '/oauth/grants')).body.data).toHaveLength(2);
    // the first consent's code expired unused long ago; the next consent (anyone's) sweeps it
    await t.deps.db
      .update(oauthCodes)
      .set({ expiresAt: new Date(Date.now() - 3_600_000) })
      .where(isNull(oauthCodes.usedAt));
    const someone = await owner();
    await consent(t, someone.session, { clientId: client.client_id, workspaceId: someone.workspaceId, role: 'viewer', challenge: pkce().challenge });
    expect((await asSession(t, me.session)('GET', '/oauth/grants')).body.data).toHaveLength(1);
    expect((await toolsWith(t, tokens.access_token)).status).toBe(200);
  });

  test('the Account page list: own grants only, revocable by their owner only', async () => {
    const me = await owner();
    const other = await owner();
    const { tokens } = await authorised(me, 'viewer');
    const list = await asSession(t, me.session)('GET', '/oauth/grants');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ client_name: 'Test agent', redirect_host: '127.0.0.1:7777', workspace_id: me.workspaceId, role: 'viewer' });
    const grantId = list.body.data[0].id;
    expect((await asSession(t, other.session)('GET', '/oauth/grants')).body.data).toEqual([]);
    expect((await asSession(t, other.session)('DELETE', `/oauth/grants/${grantId}`)).status).toBe(404);
    expect((await asSession(t, me.session)('DELETE', `/oauth/grants/${grantId}`, { csrf: null })).status).toBe(403);
    expect((await toolsWith(t, tokens.access_token)).status).toBe(200);
    expect((await asSession(t, me.session)('DELETE', `/oauth/grants/${grantId}`)).status).toBe(200);
    expect((await toolsWith(t, tokens.access_token)).status).toBe(401);
    expect((await asSession(t, me.session)('GET', '/oauth/grants')).body.data).toEqual([]);
    // both ends are in the workspace's audit log, naming the app
    const log = await asSession(t, me.session)('GET', `/workspaces/${me.workspaceId}/audit-log`);
    const entries = log.body.entries.filter((e: { action: string }) => e.action.startsWith('oauth_app.'));
    expect(entries.map((e: { action: string; details: string }) => [e.action, JSON.parse(e.details).client])).toEqual([
      ['oauth_app.revoke', 'Test agent'],
      ['oauth_app.authorize', 'Test agent'],
    ]);
  });

  test('a name stored with bidirectional controls (before they were stripped) is shown without them: consent page, grants list, audit', async () => {
    const me = await owner();
    const { client } = await authorised(me);
    await t.deps.db.update(oauthClients).set({ name: 'Good\u202Eppa.live\u2066' }).where(eq(oauthClients.id, client.client_id));
    const { challenge } = pkce();
    const q = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect((await asSession(t, me.session)('GET', `/oauth/authorization?${q}`)).body.client_name).toBe('Goodppa.live');
    const grants = (await asSession(t, me.session)('GET', '/oauth/grants')).body.data;
    expect(grants.map((g: { client_name: string }) => g.client_name)).toEqual(['Goodppa.live']);
    expect((await asSession(t, me.session)('DELETE', `/oauth/grants/${grants[0].id}`)).status).toBe(200);
    const log = await asSession(t, me.session)('GET', `/workspaces/${me.workspaceId}/audit-log`);
    const revoked = log.body.entries.find((e: { action: string }) => e.action === 'oauth_app.revoke');
    expect(JSON.parse(revoked.details).client).toBe('Goodppa.live');
  });

  test('API keys keep working on MCP', async () => {
    const { key } = await t.bootstrap({ email: uniqueEmail('key') });
    const res = await siteRequest(t, '/mcp', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(res.status).toBe(200);
  });
});
