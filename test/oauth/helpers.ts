import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'bun:test';
import { SITE_URL, type TestApp } from '../helpers/app';
import { asSession, freshIp, type Session } from '../sessions/helpers';

export const REDIRECT_URI = 'http://127.0.0.1:7777/callback';
export const MCP_URL = `${SITE_URL}/mcp`;

/** A request to the site's protocol endpoints (outside /api), through the app's handler. */
export const siteRequest = (t: TestApp, path: string, init: RequestInit = {}) => t.app.handle(new Request(`${SITE_URL}${path}`, init));

/** RFC 7591 registration from `ip` (a fresh address by default: registration is rate limited per address). */
export async function register(t: TestApp, metadata: Record<string, unknown> = {}, ip = freshIp()) {
  const res = await siteRequest(t, '/oauth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ client_name: 'Test agent', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', ...metadata }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The person's Allow on the consent page, as its API call: the code the app's redirect URI receives. */
export async function consent(
  t: TestApp,
  session: Session,
  opts: { clientId: string; workspaceId: string; role: string; challenge: string; redirectUri?: string; state?: string },
) {
  const res = await asSession(t, session)('POST', '/oauth/authorization', {
    body: {
      client_id: opts.clientId,
      redirect_uri: opts.redirectUri ?? REDIRECT_URI,
      response_type: 'code',
      code_challenge: opts.challenge,
      code_challenge_method: 'S256',
      state: opts.state ?? 'st-1',
      resource: MCP_URL,
      allow: true,
      workspace_id: opts.workspaceId,
      role: opts.role,
    },
  });
  expect(res.status).toBe(200);
  const to = new URL(res.body.redirect_to);
  return { code: to.searchParams.get('code')!, url: to };
}

/** A token request from a fresh address (the endpoint is rate limited per address). */
export async function token(t: TestApp, form: Record<string, string>) {
  const res = await siteRequest(t, '/oauth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

export const exchange = (t: TestApp, clientId: string, code: string, verifier: string, redirectUri = REDIRECT_URI) =>
  token(t, { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: redirectUri, resource: MCP_URL });

export async function revoke(t: TestApp, form: Record<string, string>) {
  return siteRequest(t, '/oauth/revoke', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/** `tools/list` with a bearer token straight over HTTP: the status, and the tool names when it acts. */
export async function toolsWith(t: TestApp, accessToken: string) {
  const res = await siteRequest(t, '/mcp', {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  if (res.status !== 200) return { status: res.status, tools: [] as string[], headers: res.headers };
  const body = (await res.json()) as any;
  return { status: 200, tools: body.result.tools.map((x: { name: string }) => x.name) as string[], headers: res.headers };
}
