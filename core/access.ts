import { Kind } from '@sinclair/typebox';
import { Elysia } from 'elysia';
import { errors, type ErrorStatus } from './model';
import { sameSecret } from './secrets';
import { ApiError, forbidden, notFound, paymentRequired } from './errors';
import { featureMessage, FEATURE_MIN_PLAN, planAtLeast, roleAtLeast, type Feature, type Plan, type Role } from './plans';

/** The user behind an API key, and that key's workspace and role. */
export interface KeyActor {
  via: 'key';
  userId: string;
  email: string;
  keyId: string;
  keyWorkspaceId: string;
  /** null: the key follows its user's membership role (the key handed out with an accepted invite) */
  keyRole: Role | null;
  /** the key (or OAuth grant) was made before its user proved their mailbox: what it makes is marked so too */
  withoutProof: boolean;
}

/** A person signed in to the dashboard: acts with their membership role in any workspace they belong to. */
export interface SessionActor {
  via: 'session';
  userId: string;
  email: string;
  sessionId: string;
  /** the session was opened before its user proved their mailbox: what it makes is marked so too */
  withoutProof: boolean;
}

/** Who is calling. Routes use `userId` and `email`; only the resolver tells the credentials apart. */
export type Actor = KeyActor | SessionActor;

/** The workspace named by `{wsId}` as the actor may use it. */
export interface WorkspaceAccess {
  id: string;
  name: string;
  slug: string;
  plan: Plan;
  parentWorkspaceId: string | null;
  /** UTM parameters a new link without its own gets */
  defaultUtmParams: Record<string, string> | null;
  /** the actor's effective role here: the user's membership role, capped by the key's role for a key */
  role: Role;
}

/** A session cookie's answer: the actor, the CSRF token its writes must carry, and a fresh cookie when its expiry slid. */
export interface SessionGrant {
  actor: SessionActor;
  csrfToken: string;
  setCookie?: string;
}

export interface AccessResolver {
  authenticate(rawKey: string): Promise<KeyActor | null>;
  /** an OAuth access token issued for the REST API (the browser extension's): acts like a key of its grant */
  authenticateBearer(rawToken: string): Promise<KeyActor | null>;
  authenticateSession(rawSessionId: string): Promise<SessionGrant | null>;
  workspaceAccess(actor: Actor, workspaceId: string): Promise<WorkspaceAccess | null>;
}

export interface AccessRule {
  /** minimum role in the workspace of `{wsId}` */
  role?: Role;
  /** minimum plan of that workspace */
  plan?: Plan;
  /** a feature gate (its minimum plan comes from core/plans.ts) */
  feature?: Feature;
}

export const SESSION_COOKIE = 'lh_session';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function sessionCookieOf(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  return header ? (new Bun.CookieMap(header).get(SESSION_COOKIE) ?? undefined) : undefined;
}

export const bearerTokenOf = (request: Request) => /^Bearer +([!-~]+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];

/**
 * The caller's credential: `X-API-Key` when sent (it wins), else an OAuth access token issued for
 * the REST API (`Authorization: Bearer`), else the dashboard's session cookie, whose writes must
 * carry its CSRF token in `X-CSRF-Token` (a cross-site form cannot send it).
 * Throws 401 (no or a dead credential) or 403 (a cookie write without its token).
 */
export async function identify(resolver: AccessResolver, request: Request): Promise<{ actor: Actor; setCookie?: string }> {
  const rawKey = request.headers.get('x-api-key');
  if (rawKey) {
    const actor = await resolver.authenticate(rawKey);
    if (!actor) throw new ApiError(401, 'Invalid API key');
    return { actor };
  }
  const bearer = bearerTokenOf(request);
  if (bearer) {
    const actor = await resolver.authenticateBearer(bearer);
    if (!actor) throw new ApiError(401, 'Invalid, expired or revoked access token');
    return { actor };
  }
  const rawSession = sessionCookieOf(request);
  if (!rawSession) throw new ApiError(401, 'Missing API key: send it in the X-API-Key header');
  const grant = await resolver.authenticateSession(rawSession);
  if (!grant) throw new ApiError(401, 'Your session has ended: sign in again');
  if (WRITES.has(request.method) && !sameSecret(request.headers.get('x-csrf-token') ?? '', grant.csrfToken)) {
    throw forbidden('Missing or invalid CSRF token');
  }
  return { actor: grant.actor, setCookie: grant.setCookie };
}

/** identify, for a route that also serves callers without a credential: null instead of its 401 (a cookie write without its CSRF token is still 403). */
export async function identifyIfAny(resolver: AccessResolver, request: Request): Promise<{ actor: Actor; setCookie?: string } | null> {
  try {
    return await identify(resolver, request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The error statuses the guard and the validation can answer on a route, before its handler runs:
 * 401; 400 when it takes a body or query; and in the `{wsId}` workspace of a rule, 404, 403 for a
 * role minimum above viewer, 402 for a plan or feature. The OpenAPI document lists these for every guarded route
 * (the route lists only what its handler adds: a 409, a 404 of its own resource, a session write's 403).
 */
export function guardStatuses(rule: AccessRule | true, route: { wsId: boolean; input: boolean }): ErrorStatus[] {
  const codes: ErrorStatus[] = [401];
  if (route.input) codes.push(400);
  if (rule !== true && route.wsId) {
    codes.push(404);
    // every member is at least a viewer: only a higher minimum can refuse
    if (rule.role && rule.role !== 'viewer') codes.push(403);
    if (rule.plan || rule.feature) codes.push(402);
  }
  return codes;
}

/**
 * A route's `response` with the guard's error statuses added (a status the route documents itself
 * stays as it is). A route without `response` documents its answers by hand (`detail.responses`: CSV, images).
 */
// the route's options as Elysia hands them to a macro (typed loosely there)
function withGuardStatuses(rule: AccessRule | true, hook: { params?: any; body?: unknown; query?: unknown; response?: unknown }) {
  if (!hook.response || typeof hook.response !== 'object') return;
  const own = Kind in hook.response ? { 200: hook.response } : hook.response;
  const route = { wsId: Boolean(hook.params?.properties?.wsId), input: hook.body !== undefined || hook.query !== undefined };
  hook.response = { ...errors(...guardStatuses(rule, route)), ...own };
}

/**
 * The `{wsId}` workspace as `actor` may use it under `rule`; throws 404, 403 (role) or 402 (plan,
 * feature). The guard's check, also asked again by whoever holds a grant open (the live stream).
 */
export async function workspaceFor(resolver: AccessResolver, actor: Actor, wsId: string, rule: AccessRule): Promise<WorkspaceAccess> {
  const workspace = await resolver.workspaceAccess(actor, wsId);
  if (!workspace) throw notFound('Workspace');
  if (rule.role && !roleAtLeast(workspace.role, rule.role)) {
    throw forbidden(`This action needs the ${rule.role} role or higher; you are ${workspace.role}`);
  }
  if (rule.feature && !planAtLeast(workspace.plan, FEATURE_MIN_PLAN[rule.feature])) throw paymentRequired(featureMessage(rule.feature));
  if (rule.plan && !planAtLeast(workspace.plan, rule.plan)) throw paymentRequired(`Plan upgrade required: this needs the ${rule.plan} plan or higher`);
  return workspace;
}

/**
 * The one guard: credential → actor → workspace → role minimum → plan minimum.
 * `{ access: true }` only authenticates; `{ access: { role: 'editor', feature: 'webhooks' } }`
 * also checks the `{wsId}` workspace. Order of answers: 401, 403 (CSRF), 404, 403, 402 — all before
 * body validation (the checks run in `transform`), so an unauthenticated request is always 401.
 */
export const accessMacro = (resolver: AccessResolver) => {
  const granted = new WeakMap<Request, { actor: Actor; workspace: WorkspaceAccess }>();
  return new Elysia({ name: 'access' }).macro({
    access: (rule: AccessRule | true) => ({
      // documents the answers below on the route (Elysia hands the macro the route's options here)
      introspect: (hook) => withGuardStatuses(rule, hook),
      async transform({ params, request, set }) {
        const { actor, setCookie } = await identify(resolver, request);
        if (setCookie) set.headers['set-cookie'] = setCookie;
        const wsId = (params as Record<string, string> | undefined)?.wsId;
        if (rule === true || !wsId) {
          granted.set(request, { actor, workspace: undefined as unknown as WorkspaceAccess });
          return;
        }
        granted.set(request, { actor, workspace: await workspaceFor(resolver, actor, wsId, rule) });
      },
      resolve({ request }) {
        return granted.get(request)!;
      },
    }),
  });
};
