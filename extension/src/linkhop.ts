// The extension's connection to one Linkhop instance: sign-in (OAuth code + PKCE, or an API key),
// the tokens kept in chrome.storage.local only, refreshed before they lapse, and the API calls.

const STORE = 'linkhop';
const PENDING = 'linkhop.pending';
export const CLIENT_NAME = 'Linkhop browser extension';

interface OAuthAuth {
  kind: 'oauth';
  clientId: string;
  tokenEndpoint: string;
  revocationEndpoint: string;
  accessToken: string;
  refreshToken: string;
  /** epoch ms */
  expiresAt: number;
}
interface KeyAuth {
  kind: 'key';
  key: string;
}

/** What is stored: the instance (its issuer, e.g. https://lnk.example.com), the credential and its workspace. */
export interface Connection {
  instance: string;
  workspaceId: string;
  workspaceName: string;
  auth: OAuthAuth | KeyAuth;
}

/** A sign-in under way: what the callback page needs to finish it. */
interface Pending {
  instance: string;
  clientId: string;
  verifier: string;
  state: string;
  redirectUri: string;
  tokenEndpoint: string;
  revocationEndpoint: string;
}

/** The API's error shape, `{error, code, field?}`, as an exception. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The credential no longer acts (revoked, expired, member removed): the popup asks to sign in again. */
export class SignedOut extends Error {}

export const loadConnection = async () => ((await chrome.storage.local.get(STORE))[STORE] as Connection | undefined) ?? null;
const saveConnection = (connection: Connection) => chrome.storage.local.set({ [STORE]: connection });
export const forget = () => chrome.storage.local.remove([STORE, PENDING]);

/** The instance's address as typed ("lnk.example.com/", "https://lnk.example.com/app") → its origin. */
export function instanceOrigin(typed: string): string {
  const text = typed.trim();
  const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The address must be http(s)');
  return url.origin;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomText = (size = 32) => base64url(crypto.getRandomValues(new Uint8Array(size)));
const s256 = async (text: string) => base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));

async function jsonOf(res: Response): Promise<any> {
  try {
    return await res.json();
  } catch {
    return {};
  }
}

/**
 * Starts the OAuth sign-in: discovers the instance's authorization server, registers this
 * extension as a public client (its callback page as the redirect URI) and returns the consent
 * page's address for the REST API (`resource={instance}/api`).
 */
export async function startSignIn(typed: string): Promise<string> {
  const origin = instanceOrigin(typed);
  const metadataRes = await fetch(`${origin}/.well-known/oauth-authorization-server`).catch(() => null);
  if (!metadataRes?.ok) throw new Error(`No Linkhop answers at ${origin}`);
  const metadata = await metadataRes.json();
  const instance = metadata.issuer as string;
  const redirectUri = chrome.runtime.getURL('callback.html');
  const registered = await fetch(metadata.registration_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: CLIENT_NAME, redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
  });
  const client = await jsonOf(registered);
  if (!registered.ok) throw new Error(client.error_description ?? `Registration refused (${registered.status})`);
  const pending: Pending = {
    instance,
    clientId: client.client_id,
    verifier: randomText(48),
    state: randomText(16),
    redirectUri,
    tokenEndpoint: metadata.token_endpoint,
    revocationEndpoint: metadata.revocation_endpoint,
  };
  await chrome.storage.local.set({ [PENDING]: pending });
  const consent = new URL(metadata.authorization_endpoint);
  consent.search = new URLSearchParams({
    response_type: 'code',
    client_id: pending.clientId,
    redirect_uri: redirectUri,
    code_challenge: await s256(pending.verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    resource: `${instance}/api`,
  }).toString();
  return consent.toString();
}

async function tokenRequest(endpoint: string, form: Record<string, string>) {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const body = await jsonOf(res);
  return { ok: res.ok, body };
}

const oauthFrom = (pending: Pick<Pending, 'clientId' | 'tokenEndpoint' | 'revocationEndpoint'>, tokens: any): OAuthAuth => ({
  kind: 'oauth',
  clientId: pending.clientId,
  tokenEndpoint: pending.tokenEndpoint,
  revocationEndpoint: pending.revocationEndpoint,
  accessToken: tokens.access_token,
  refreshToken: tokens.refresh_token,
  expiresAt: Date.now() + Number(tokens.expires_in ?? 3600) * 1000,
});

/** The callback page's half: the answer checked (state, issuer), the code exchanged, the workspace found. */
export async function finishSignIn(answer: URLSearchParams): Promise<Connection> {
  const pending = (await chrome.storage.local.get(PENDING))[PENDING] as Pending | undefined;
  if (!pending || answer.get('state') !== pending.state) throw new Error('This sign-in was not started here, or it was already finished');
  await chrome.storage.local.remove(PENDING);
  if (answer.get('iss') && answer.get('iss') !== pending.instance) throw new Error('The answer came from another server');
  if (answer.get('error'))
    throw new Error(
      answer.get('error') === 'access_denied' ? 'You declined: nothing was connected' : String(answer.get('error_description') ?? answer.get('error')),
    );
  const { ok, body } = await tokenRequest(pending.tokenEndpoint, {
    grant_type: 'authorization_code',
    client_id: pending.clientId,
    code: answer.get('code') ?? '',
    code_verifier: pending.verifier,
    redirect_uri: pending.redirectUri,
    resource: `${pending.instance}/api`,
  });
  if (!ok) throw new Error(body.error_description ?? 'The code could not be exchanged');
  return connect(pending.instance, oauthFrom(pending, body));
}

/** The API key fallback: the key is checked and its workspace found. */
export const signInWithKey = (typed: string, key: string) => connect(instanceOrigin(typed), { kind: 'key', key: key.trim() });

/**
 * The workspace the credential acts in: a grant (and a key) acts in one workspace, and
 * `GET /api/workspaces` lists all of the person's; the first that answers is it.
 */
async function connect(instance: string, auth: Connection['auth']): Promise<Connection> {
  const draft: Connection = { instance, auth, workspaceId: '', workspaceName: '' };
  const { workspaces } = await call<{ workspaces: { id: string; name: string }[] }>(draft, 'GET', '/workspaces');
  const reachable = await Promise.all(
    workspaces.map((w) =>
      call(draft, 'GET', `/workspaces/${encodeURIComponent(w.id)}`).then(
        () => true,
        () => false,
      ),
    ),
  );
  const workspace = workspaces.find((_, i) => reachable[i]);
  if (!workspace) throw new Error('This credential acts in no workspace');
  const connection = { ...draft, workspaceId: workspace.id, workspaceName: workspace.name };
  await saveConnection(connection);
  return connection;
}

let refreshing: Promise<void> | null = null;

/** Rotates the refresh token (single flight: a refresh token used twice revokes the whole grant). */
function refresh(connection: Connection): Promise<void> {
  const auth = connection.auth as OAuthAuth;
  refreshing ??= (async () => {
    const { ok, body } = await tokenRequest(auth.tokenEndpoint, { grant_type: 'refresh_token', client_id: auth.clientId, refresh_token: auth.refreshToken });
    if (!ok) {
      await forget();
      throw new SignedOut(body.error_description ?? 'Your sign-in has ended');
    }
    connection.auth = oauthFrom(auth, body);
    await saveConnection(connection);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

const credentialHeaders = (auth: Connection['auth']): Record<string, string> =>
  auth.kind === 'key' ? { 'x-api-key': auth.key } : { authorization: `Bearer ${auth.accessToken}` };

/** One request to `{instance}/api{path}`; an access token about to lapse is refreshed first, and once more on a 401. */
export async function request(connection: Connection, method: string, path: string, body?: unknown): Promise<Response> {
  const auth = connection.auth;
  if (auth.kind === 'oauth' && auth.expiresAt - Date.now() < 60_000) await refresh(connection);
  const send = () =>
    fetch(`${connection.instance}/api${path}`, {
      method,
      headers: { ...credentialHeaders(connection.auth), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let res = await send();
  if (res.status === 401 && connection.auth.kind === 'oauth') {
    await refresh(connection);
    res = await send();
  }
  // while signing in (no workspace yet) a refusal is the credential's fault, said as the server says it
  if (res.status === 401 && connection.workspaceId) {
    await forget();
    throw new SignedOut((await jsonOf(res)).error ?? 'Sign in again');
  }
  return res;
}

/** A JSON call; a refusal becomes an ApiError carrying the API's message and field. */
export async function call<T = any>(connection: Connection, method: string, path: string, body?: unknown): Promise<T> {
  const res = await request(connection, method, path, body);
  const answer = await jsonOf(res);
  if (!res.ok) throw new ApiError(res.status, answer.error ?? `The server answered ${res.status}`, answer.field);
  return answer as T;
}

/** Sign out: the refresh token revoked at the server (ending the grant), everything stored forgotten. */
export async function signOut(connection: Connection) {
  const auth = connection.auth;
  if (auth.kind === 'oauth') await tokenRequest(auth.revocationEndpoint, { token: auth.refreshToken, client_id: auth.clientId }).catch(() => {});
  await forget();
}
