import { randomBytes } from 'node:crypto';
import { and, desc, eq, exists, isNull, lt, notExists } from 'drizzle-orm';
import type { Actor, KeyActor } from '../../core/access';
import type { Db, Tx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { forbidden, invalid, notFound, required } from '../../core/errors';
import { iso, newId, withoutBidiControls } from '../../core/format';
import { isRole, roleRank, type Role } from '../../core/plans';
import { sha256Hex } from '../../core/secrets';
import { recordAudit } from '../audit';
import { getUser, hasProvenMailbox, refusedForLackOfProof } from '../members';
import { dashboardWorkspaces } from '../workspaces';
import {
  isExtensionRedirect,
  isS256Challenge,
  LIMITS,
  mcpResource,
  OAuthError,
  redirectUriProblem,
  redirectUriRegistered,
  resources,
  verifierMatches,
} from './protocol';
import { oauthClients, oauthCodes, oauthGrants, oauthTokens } from './schema';

const CODE_TTL_MS = 5 * 60_000;
const ACCESS_TTL_S = 3600;
const REFRESH_TTL_MS = 30 * 24 * 3600_000;
/** a registered app nobody authorised within a day is dropped (registration is open to anyone) */
const UNUSED_CLIENT_MS = 24 * 3600_000;
const LAST_USED_EVERY_MS = 60_000;

const secret = () => randomBytes(32).toString('base64url');
const ACCESS_PREFIX = 'lho_';
const REFRESH_PREFIX = 'lhr_';
/** C0 controls and DEL: nothing a name or URI needs, and NUL cannot be stored */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/** RFC 7591 registration of a public client: redirect URIs checked, everything else this server does not do refused. */
export async function registerClient(deps: Deps, raw: unknown) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new OAuthError(400, 'invalid_client_metadata', 'The body must be a JSON object');
  const body = raw as Record<string, unknown>;
  const uris = body.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) throw new OAuthError(400, 'invalid_redirect_uri', 'redirect_uris: give at least one');
  if (uris.length > LIMITS.redirectUris) throw new OAuthError(400, 'invalid_redirect_uri', `redirect_uris: at most ${LIMITS.redirectUris}`);
  uris.forEach((uri, i) => {
    const problem = hasControl(String(uri)) ? 'must not contain control characters' : redirectUriProblem(uri);
    if (problem) throw new OAuthError(400, 'invalid_redirect_uri', `redirect_uris.${i}: ${problem}`);
  });
  const subsetOf = (field: string, allowed: string[]) => {
    const value = body[field];
    if (value === undefined) return;
    if (!Array.isArray(value) || value.some((v) => !allowed.includes(v as string))) {
      throw new OAuthError(400, 'invalid_client_metadata', `${field}: only ${allowed.join(', ')} are supported`);
    }
  };
  subsetOf('grant_types', GRANT_TYPES);
  subsetOf('response_types', ['code']);
  const rawName = body.client_name;
  if (rawName !== undefined && typeof rawName !== 'string') throw new OAuthError(400, 'invalid_client_metadata', 'client_name must be text');
  const name = withoutBidiControls(rawName ?? '').trim();
  if (name.length > LIMITS.clientName) throw new OAuthError(400, 'invalid_client_metadata', `client_name: at most ${LIMITS.clientName} characters`);
  if (hasControl(name)) throw new OAuthError(400, 'invalid_client_metadata', 'client_name must not contain control characters');

  const now = new Date(deps.now());
  const row = { id: newId(), name: name || 'Unnamed app', redirectUris: uris as string[], createdAt: now };
  await deps.db.insert(oauthClients).values(row);
  await deps.db
    .delete(oauthClients)
    .where(
      and(
        lt(oauthClients.createdAt, new Date(now.getTime() - UNUSED_CLIENT_MS)),
        notExists(deps.db.select({ id: oauthGrants.id }).from(oauthGrants).where(eq(oauthGrants.clientId, oauthClients.id))),
      ),
    );
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: row.name,
    redirect_uris: row.redirectUris,
    grant_types: GRANT_TYPES,
    response_types: ['code'],
    // a public client whatever it asked for: it has no secret, PKCE protects its codes
    token_endpoint_auth_method: 'none',
  };
}

/** What the consent page is given: the query of the authorization request (RFC 6749 §4.1.1, RFC 7636, RFC 8707). */
export interface AuthorizationRequest {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  state?: string;
  resource?: string;
  scope?: string;
}

/**
 * The authorization request checked, or a 400 in words for the person on the consent page. Nothing
 * is sent back to an unregistered redirect URI; the rest is refused on the page too, so that a
 * person sees what the app got wrong.
 */
export async function checkAuthorizationRequest(deps: Deps, q: AuthorizationRequest) {
  if (!q.client_id) throw required('client_id');
  const [client] = await deps.db.select().from(oauthClients).where(eq(oauthClients.id, q.client_id));
  if (!client) throw invalid('client_id', 'this app is not registered here');
  if (!q.redirect_uri) throw required('redirect_uri');
  if (!redirectUriRegistered(client.redirectUris, q.redirect_uri)) throw invalid('redirect_uri', 'not one the app registered');
  if (q.response_type !== 'code') throw invalid('response_type', 'only "code" is supported');
  if (!q.code_challenge) throw required('code_challenge');
  if (!isS256Challenge(q.code_challenge)) throw invalid('code_challenge', 'must be 43 base64url characters (S256)');
  if (q.code_challenge_method !== 'S256') throw invalid('code_challenge_method', 'only S256 is supported');
  if (q.state !== undefined && q.state.length > LIMITS.stateLength) throw invalid('state', `at most ${LIMITS.stateLength} characters`);
  if (q.resource !== undefined && !resources(deps.config).includes(q.resource))
    throw invalid('resource', `this server issues tokens for ${resources(deps.config).join(' or ')} only`);
  // without `resource` the grant is for MCP, as before there was a choice
  return { client, redirectUri: q.redirect_uri, resource: q.resource ?? mcpResource(deps.config) };
}

/** The consent page's header: who asks and where the answer goes. */
export async function describeAuthorizationRequest(deps: Deps, q: AuthorizationRequest) {
  const { client, redirectUri, resource } = await checkAuthorizationRequest(deps, q);
  return {
    // names stored before bidirectional controls were stripped are shown without them too
    client_name: withoutBidiControls(client.name),
    redirect_host: new URL(redirectUri).host,
    browser_extension: isExtensionRedirect(redirectUri),
    through: resource === mcpResource(deps.config) ? ('mcp' as const) : ('api' as const),
  };
}

/** The client's redirect URI with the answer's parameters, and `iss` (RFC 9207: the client can tell which server answered). */
function answerUrl(deps: Deps, redirectUri: string, params: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  url.searchParams.set('iss', deps.config.siteUrl);
  return url.toString();
}

export interface Consent extends AuthorizationRequest {
  allow: boolean;
  workspace_id?: string;
  role?: string;
}

/**
 * The person's answer on the consent page: allowed, a grant (the workspace, the role — at most their
 * own) and a one-time code for the app; denied, `access_denied`. Either way the URL to send them to.
 */
export async function answerConsent(deps: Deps, actor: Actor, consent: Consent): Promise<{ redirect_to: string }> {
  const { client, redirectUri, resource } = await checkAuthorizationRequest(deps, consent);
  if (!consent.allow)
    return { redirect_to: answerUrl(deps, redirectUri, { error: 'access_denied', error_description: 'The person declined', state: consent.state }) };
  if (!consent.workspace_id) throw required('workspace_id');
  if (!consent.role) throw required('role');
  if (!isRole(consent.role)) throw invalid('role', 'one of viewer, editor, admin, owner');
  const membership = await deps.access.workspaceAccess(actor, consent.workspace_id);
  if (!membership) throw notFound('Workspace');
  if (roleRank(consent.role) > roleRank(membership.role)) {
    throw forbidden(`You are ${membership.role} in this workspace: you can grant at most that role`);
  }
  const code = secret();
  const grantId = newId();
  await deps.db.transaction(async (tx) => {
    await tx.insert(oauthGrants).values({
      id: grantId,
      clientId: client.id,
      userId: actor.userId,
      workspaceId: membership.id,
      role: consent.role as Role,
      resource,
      withoutProof: actor.withoutProof || !(await hasProvenMailbox(tx, actor.userId, { lock: true })),
    });
    await tx.insert(oauthCodes).values({
      codeHash: sha256Hex(code),
      grantId,
      redirectUri,
      codeChallenge: consent.code_challenge!,
      expiresAt: new Date(deps.now() + CODE_TTL_MS),
    });
    // a consent whose code expired unused gave nothing: its grant goes with the code (else it would stay
    // on the person's Account page as a connected app that never connected)
    const stale = new Date(deps.now() - CODE_TTL_MS);
    const unusedCodes = tx
      .select({ grantId: oauthCodes.grantId })
      .from(oauthCodes)
      .where(and(eq(oauthCodes.grantId, oauthGrants.id), lt(oauthCodes.expiresAt, stale), isNull(oauthCodes.usedAt)));
    const tokens = tx.select({ grantId: oauthTokens.grantId }).from(oauthTokens).where(eq(oauthTokens.grantId, oauthGrants.id));
    await tx.delete(oauthGrants).where(and(exists(unusedCodes), notExists(tokens)));
    await tx.delete(oauthCodes).where(lt(oauthCodes.expiresAt, stale));
    await recordAudit({
      db: tx,
      workspaceId: membership.id,
      userId: actor.userId,
      action: 'oauth_app.authorize',
      details: { id: grantId, client: withoutBidiControls(client.name), role: consent.role },
    });
  });
  return { redirect_to: answerUrl(deps, redirectUri, { code, state: consent.state }) };
}

type Grant = typeof oauthGrants.$inferSelect;

/** Whether the grant's person is still a member of its workspace (a refresh for a removed member gives nothing). */
async function grantStillHeld(deps: Deps, grant: Grant) {
  const access = await deps.access.workspaceAccess(
    {
      via: 'key',
      userId: grant.userId,
      email: '',
      keyId: grant.id,
      keyWorkspaceId: grant.workspaceId,
      keyRole: grant.role as Role,
      withoutProof: grant.withoutProof,
    },
    grant.workspaceId,
  );
  return access !== null;
}

async function issueTokens(deps: Deps, grant: Grant) {
  const access = `${ACCESS_PREFIX}${secret()}`;
  const refresh = `${REFRESH_PREFIX}${secret()}`;
  const now = deps.now();
  await deps.db.delete(oauthTokens).where(and(eq(oauthTokens.grantId, grant.id), lt(oauthTokens.expiresAt, new Date(now))));
  await deps.db.insert(oauthTokens).values([
    { tokenHash: sha256Hex(access), grantId: grant.id, kind: 'access', expiresAt: new Date(now + ACCESS_TTL_S * 1000) },
    { tokenHash: sha256Hex(refresh), grantId: grant.id, kind: 'refresh', expiresAt: new Date(now + REFRESH_TTL_MS) },
  ]);
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TTL_S, refresh_token: refresh };
}

const revokeGrant = (db: Db, grantId: string) => db.delete(oauthGrants).where(eq(oauthGrants.id, grantId));

/** The user's first mailbox-proven sign-in: the apps they connected before lose their grants (codes and tokens go by cascade); returns how many. */
export async function revokeGrantsWithoutProof(tx: Tx, userId: string): Promise<number> {
  const revoked = await tx
    .delete(oauthGrants)
    .where(and(eq(oauthGrants.userId, userId), eq(oauthGrants.withoutProof, true)))
    .returning({ id: oauthGrants.id });
  return revoked.length;
}
const badGrant = (why: string) => new OAuthError(400, 'invalid_grant', why);

function field(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthError(400, 'invalid_request', `${name} is required`);
  return value;
}

/**
 * grant_type=authorization_code. The code is claimed once, atomically; a second use revokes the
 * grant and its tokens (RFC 6749 §4.1.2). A claimed code that fails a check (client, redirect URI,
 * PKCE verifier, expiry) is spent and its grant dropped: whoever holds it gets nothing more.
 */
export async function exchangeCode(deps: Deps, form: URLSearchParams) {
  const code = field(form, 'code');
  const clientId = field(form, 'client_id');
  const redirectUri = field(form, 'redirect_uri');
  const verifier = field(form, 'code_verifier');
  const hash = sha256Hex(code);
  const [claimed] = await deps.db
    .update(oauthCodes)
    .set({ usedAt: new Date(deps.now()) })
    .where(and(eq(oauthCodes.codeHash, hash), isNull(oauthCodes.usedAt)))
    .returning();
  if (!claimed) {
    const [spent] = await deps.db.select({ grantId: oauthCodes.grantId }).from(oauthCodes).where(eq(oauthCodes.codeHash, hash));
    if (spent) await revokeGrant(deps.db, spent.grantId);
    throw badGrant(spent ? 'The code was used already: its tokens are revoked' : 'Unknown code');
  }
  const [grant] = await deps.db.select().from(oauthGrants).where(eq(oauthGrants.id, claimed.grantId));
  const refusal =
    claimed.expiresAt.getTime() <= deps.now()
      ? 'The code has expired'
      : grant!.clientId !== clientId
        ? 'The code was issued to another client'
        : claimed.redirectUri !== redirectUri
          ? 'redirect_uri differs from the authorization request'
          : !verifierMatches(verifier, claimed.codeChallenge)
            ? 'code_verifier does not match the code challenge'
            : !(await grantStillHeld(deps, grant!))
              ? 'The person is no longer a member of the workspace'
              : null;
  const resource = form.get('resource');
  const wrongTarget = !refusal && resource && resource !== grant!.resource;
  if (refusal || wrongTarget) {
    await revokeGrant(deps.db, grant!.id);
    throw wrongTarget ? new OAuthError(400, 'invalid_target', `Tokens are issued for ${grant!.resource} only`) : badGrant(refusal!);
  }
  return issueTokens(deps, grant!);
}

/**
 * grant_type=refresh_token, rotating: the refresh token is spent and a new pair issued. A spent
 * refresh token used again means it leaked: the grant is revoked (OAuth 2.1 §4.3.1).
 */
export async function refreshTokens(deps: Deps, form: URLSearchParams) {
  const raw = field(form, 'refresh_token');
  const clientId = field(form, 'client_id');
  const hash = sha256Hex(raw);
  const [token] = await deps.db
    .select()
    .from(oauthTokens)
    .where(and(eq(oauthTokens.tokenHash, hash), eq(oauthTokens.kind, 'refresh')));
  if (!token) throw badGrant('Unknown or revoked refresh token');
  const [grant] = await deps.db.select().from(oauthGrants).where(eq(oauthGrants.id, token.grantId));
  if (grant!.clientId !== clientId || token.rotatedAt) {
    await revokeGrant(deps.db, grant!.id);
    throw badGrant(token.rotatedAt ? 'The refresh token was used already: the authorisation is revoked' : 'The refresh token was issued to another client');
  }
  if (token.expiresAt.getTime() <= deps.now()) throw badGrant('The refresh token has expired');
  const resource = form.get('resource');
  if (resource && resource !== grant!.resource) throw new OAuthError(400, 'invalid_target', `Tokens are issued for ${grant!.resource} only`);
  if (!(await grantStillHeld(deps, grant!))) {
    await revokeGrant(deps.db, grant!.id);
    throw badGrant('The person is no longer a member of the workspace');
  }
  const [rotated] = await deps.db
    .update(oauthTokens)
    .set({ rotatedAt: new Date(deps.now()) })
    .where(and(eq(oauthTokens.tokenHash, hash), isNull(oauthTokens.rotatedAt)))
    .returning();
  // another request rotated it between the read and here: the same token used twice
  if (!rotated) {
    await revokeGrant(deps.db, grant!.id);
    throw badGrant('The refresh token was used already: the authorisation is revoked');
  }
  return issueTokens(deps, grant!);
}

/**
 * RFC 7009. An access token ends alone; a refresh token ends the whole authorisation. An unknown
 * token is answered 200 as the RFC asks (revoking is idempotent, and nothing is revealed).
 */
export async function revokeToken(deps: Deps, form: URLSearchParams) {
  const raw = field(form, 'token');
  const [token] = await deps.db
    .select()
    .from(oauthTokens)
    .where(eq(oauthTokens.tokenHash, sha256Hex(raw)));
  if (!token) return;
  const [grant] = await deps.db.select().from(oauthGrants).where(eq(oauthGrants.id, token.grantId));
  const clientId = form.get('client_id');
  if (clientId && grant!.clientId !== clientId) throw new OAuthError(400, 'unauthorized_client', 'The token was issued to another client');
  if (token.kind === 'refresh') await revokeGrant(deps.db, grant!.id);
  else await deps.db.delete(oauthTokens).where(eq(oauthTokens.tokenHash, token.tokenHash));
}

const lastWritten = new Map<string, number>();

/**
 * A bearer access token → the actor it acts as: its person, in its workspace, with its role as a
 * cap (the caller's workspace access applies the person's current membership on every use).
 * null for an unknown, revoked or expired token, or one issued for another resource (an MCP
 * token does nothing on the REST API, nor the reverse). `last_used_at` is written at most once a minute.
 */
export async function bearerActor(deps: Omit<Deps, 'access'>, raw: string, resource: string): Promise<KeyActor | null> {
  if (!raw.startsWith(ACCESS_PREFIX) || raw.length > 100) return null;
  const [row] = await deps.db
    .select({
      grantId: oauthGrants.id,
      userId: oauthGrants.userId,
      workspaceId: oauthGrants.workspaceId,
      role: oauthGrants.role,
      withoutProof: oauthGrants.withoutProof,
      expiresAt: oauthTokens.expiresAt,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(and(eq(oauthTokens.tokenHash, sha256Hex(raw)), eq(oauthTokens.kind, 'access'), eq(oauthGrants.resource, resource)));
  const now = deps.now();
  if (!row || row.expiresAt.getTime() <= now || (await refusedForLackOfProof(deps.db, row))) return null;
  const user = await getUser(deps.db, row.userId);
  if (!user) return null;
  if ((lastWritten.get(row.grantId) ?? 0) + LAST_USED_EVERY_MS < now) {
    lastWritten.set(row.grantId, now);
    deps.db
      .update(oauthGrants)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(oauthGrants.id, row.grantId))
      .catch((err) => deps.log.warn({ err }, 'could not record the last use of an OAuth grant'));
  }
  return {
    via: 'key',
    userId: row.userId,
    email: user.email,
    keyId: row.grantId,
    keyWorkspaceId: row.workspaceId,
    keyRole: row.role as Role,
    withoutProof: row.withoutProof,
  };
}

/** The apps a person authorised, newest first: the workspace (its name while they belong to it), the role granted, the last use. */
export async function listGrants(db: Db, userId: string) {
  const [rows, workspaces] = await Promise.all([
    db
      .select({ grant: oauthGrants, clientName: oauthClients.name, redirectUris: oauthClients.redirectUris })
      .from(oauthGrants)
      .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
      .where(eq(oauthGrants.userId, userId))
      .orderBy(desc(oauthGrants.createdAt)),
    dashboardWorkspaces(db, userId),
  ]);
  const names = new Map(workspaces.map((w) => [w.id, w.name]));
  return rows.map(({ grant, clientName, redirectUris }) => ({
    id: grant.id,
    client_name: withoutBidiControls(clientName),
    redirect_host: new URL(redirectUris[0]!).host,
    workspace_id: grant.workspaceId,
    workspace_name: names.get(grant.workspaceId) ?? null,
    role: grant.role as Role,
    created_at: iso(grant.createdAt),
    last_used_at: iso(grant.lastUsedAt),
  }));
}

/** The person revokes one of their authorisations: its tokens end at once. */
export async function revokeOwnGrant(db: Db, userId: string, grantId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(oauthGrants)
      .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.userId, userId)))
      .returning();
    if (!row) throw notFound('Authorised app');
    const [client] = await tx.select({ name: oauthClients.name }).from(oauthClients).where(eq(oauthClients.id, row.clientId));
    await recordAudit({
      db: tx,
      workspaceId: row.workspaceId,
      userId,
      action: 'oauth_app.revoke',
      details: { id: row.id, client: client && withoutBidiControls(client.name) },
    });
  });
}
