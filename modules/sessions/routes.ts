import { Elysia } from 'elysia';
import { accessMacro, identifyIfAny, sessionCookieOf, type Actor, type SessionActor } from '../../core/access';
import type { Deps } from '../../core/deps';
import { ApiError } from '../../core/errors';
import { jsonOnly } from './json-only';
import { setupNeeded } from './setup';
import { clientIp } from '../../core/hosts';
import { errors, OkBody } from '../../core/model';
import { getUser, isOperator } from '../members';
import { AccountSignInNeeded, admitByInvite, previewInvite } from '../invites';
import { dashboardWorkspaces } from '../workspaces';
import { finishOidcSignIn, OIDC_COOKIE, attemptCookie, SsoRefused, startOidcSignIn } from './oidc';
import {
  CurrentSession,
  SignInOptions,
  InvitePreview,
  InviteTokenParams,
  Joined,
  JoinBody,
  OpenSessions,
  SessionIdParams,
  SignedIn,
  SignInBody,
  SignInLinkBody,
} from './model';
import {
  csrfTokenOf,
  endAllSessions,
  endedSessionCookie,
  endOwnSession,
  endSession,
  listSessions,
  openSession,
  requestSignInLink,
  signInWithLink,
} from './service';

const signInPageWith = (reason: string) => `/app/sign-in?sso_error=${reason}`;

function assertSession(actor: Actor): asserts actor is SessionActor {
  if (actor.via !== 'session') throw new ApiError(401, 'This needs a dashboard session (the lh_session cookie), not an API key');
}

export const sessionRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:sessions', detail: { tags: ['Dashboard sessions'] } })
    .use(accessMacro(deps.access))
    .post(
      '/api/session/sign-in-link',
      async ({ body, request, server, set }) => {
        await requestSignInLink(deps, { email: body.email, ip: clientIp(request, server, deps.config.trustedProxies) });
        set.status = 202;
        return { ok: true as const };
      },
      {
        transform: jsonOnly,
        body: SignInLinkBody,
        response: { 202: OkBody, ...errors(400, 403, 415, 429) },
        detail: { summary: 'Mail a one-time sign-in link (the same answer whether or not the address has an account)', security: [] },
      },
    )
    .get(
      '/api/session/options',
      async () => ({
        email_links: deps.config.emailSignIn,
        sso: deps.config.oidc ? { name: deps.config.oidc.name } : null,
        mail: deps.config.smtpUrl !== undefined,
        setup_needed: await setupNeeded(deps),
      }),
      {
        response: { 200: SignInOptions },
        detail: { summary: 'How people may sign in here (the sign-in page asks)', security: [] },
      },
    )
    .get(
      '/api/session/oidc/start',
      async ({ request, server, set }) => {
        const started = await startOidcSignIn(deps, clientIp(request, server, deps.config.trustedProxies)).catch((error) => {
          if (!(error instanceof SsoRefused)) throw error;
          return null;
        });
        set.status = 302;
        if (!started) {
          set.headers.location = signInPageWith('unavailable');
          return;
        }
        set.headers.location = started.location;
        set.headers['set-cookie'] = started.cookie;
      },
      {
        detail: {
          summary: 'Single sign-on: 302 to the OpenID provider (authorization code, PKCE S256, state, nonce); 404 when OIDC_ISSUER is not set',
          security: [],
          responses: { 302: { description: "To the provider's sign-in page (or back to /app/sign-in?sso_error=unavailable)" } },
        },
        response: { ...errors(404, 429) },
      },
    )
    .get(
      '/api/session/oidc/callback',
      async ({ request, set }) => {
        set.status = 302;
        const cookies = new Bun.CookieMap(request.headers.get('cookie') ?? '');
        const ended = attemptCookie(deps.config, '', 0);
        try {
          const opened = await finishOidcSignIn(deps, {
            query: new URL(request.url).searchParams,
            browser: cookies.get(OIDC_COOKIE) ?? undefined,
            userAgent: request.headers.get('user-agent'),
          });
          // two Set-Cookie headers (Elysia sends an array as such; its header type says string)
          set.headers['set-cookie'] = [opened.cookie, ended] as unknown as string;
          set.headers.location = '/app';
        } catch (error) {
          if (!(error instanceof SsoRefused)) throw error;
          set.headers['set-cookie'] = ended;
          set.headers.location = signInPageWith(error.reason);
        }
      },
      {
        detail: {
          summary: "Single sign-on: the provider's redirect back; signs in (the same session as an e-mail link) and leads to /app",
          security: [],
          responses: {
            302: {
              description:
                'To /app signed in, or to /app/sign-in?sso_error=<reason> (denied, state, expired, code, token, unverified, no_account, no_seat, provider, unavailable)',
            },
          },
        },
        response: { ...errors(404) },
      },
    )
    .post(
      '/api/session',
      async ({ body, request, set }) => {
        const opened = await signInWithLink(deps, body.token, request.headers.get('user-agent'));
        set.headers['set-cookie'] = opened.cookie;
        return { user: opened.user, csrf_token: opened.csrfToken, revoked_without_proof: opened.revoked };
      },
      {
        transform: jsonOnly,
        body: SignInBody,
        response: { 200: SignedIn, ...errors(400, 410, 415) },
        detail: { summary: 'Sign in with the token of a sign-in link (sets the lh_session cookie)', security: [] },
      },
    )
    .get(
      '/api/session',
      async ({ actor, request }) => {
        assertSession(actor);
        const [user, operator, workspaces] = await Promise.all([
          getUser(deps.db, actor.userId),
          isOperator(deps.db, actor.userId),
          dashboardWorkspaces(deps.db, actor.userId),
        ]);
        if (!user) throw new ApiError(401, 'Your session has ended: sign in again');
        return { user: { ...user, is_operator: operator }, csrf_token: csrfTokenOf(sessionCookieOf(request)!), workspaces };
      },
      { access: true, response: { 200: CurrentSession }, detail: { summary: 'The signed-in person, their CSRF token and their workspaces' } },
    )
    .delete(
      '/api/session',
      async ({ request, set }) => {
        // a live session needs its CSRF token (a cross-site page may not sign people out): identify answers 403 without it
        const caller = await identifyIfAny(deps.access, request);
        if (caller?.actor.via !== 'session') {
          // nobody to sign out (no cookie, an ended session, an API key); a stale cookie is cleared all the same
          const stale = sessionCookieOf(request) ? { 'set-cookie': endedSessionCookie(deps.config) } : undefined;
          throw new ApiError(401, 'Not signed in: there is no session to end', { headers: stale });
        }
        await endSession(deps, caller.actor.sessionId);
        set.headers['set-cookie'] = endedSessionCookie(deps.config);
        return { ok: true as const };
      },
      { response: { 200: OkBody, ...errors(401, 403) }, detail: { summary: 'Sign out (clears the cookie); 401 without a session' } },
    )
    .delete(
      '/api/session/all',
      async ({ actor, set }) => {
        assertSession(actor);
        await endAllSessions(deps, actor.userId);
        set.headers['set-cookie'] = endedSessionCookie(deps.config);
        return { ok: true as const };
      },
      { access: true, response: { 200: OkBody, ...errors(403) }, detail: { summary: 'Sign out everywhere: ends every session of the person' } },
    )
    .get(
      '/api/sessions',
      async ({ actor }) => {
        assertSession(actor);
        return { data: await listSessions(deps, actor.userId, actor.sessionId) };
      },
      { access: true, response: { 200: OpenSessions }, detail: { summary: "The person's open sessions (the current one marked)" } },
    )
    .delete(
      '/api/sessions/:id',
      async ({ actor, params, set }) => {
        assertSession(actor);
        await endOwnSession(deps, actor.userId, params.id);
        if (params.id === actor.sessionId) set.headers['set-cookie'] = endedSessionCookie(deps.config);
        return { ok: true as const };
      },
      {
        access: true,
        params: SessionIdParams,
        response: { 200: OkBody, ...errors(403, 404) },
        detail: { summary: "Sign out one of the person's sessions (its next request is signed out)" },
      },
    )
    .get('/api/invites/:token', ({ params }) => previewInvite(deps.db, params.token, deps.now()), {
      params: InviteTokenParams,
      response: { 200: InvitePreview, ...errors(404, 410) },
      detail: { summary: 'What an invitation offers (no API key: the token is the credential)', security: [] },
    })
    .post(
      '/api/invites/:token/join',
      async ({ params, body, request, server, set }) => {
        const caller = await identifyIfAny(deps.access, request);
        // a new address is signed in by its invitation (a session without mailbox proof until its first
        // mailed link); an existing account joins only signed in as itself, else it is mailed a sign-in link
        const { admitted, extra: opened } = await admitByInvite(
          deps,
          params.token,
          { name: body?.name, callerUserId: caller?.actor.userId ?? null },
          (tx, joined) => (joined.newUser ? openSession(tx, deps, joined.user, request.headers.get('user-agent')) : Promise.resolve(null)),
        ).catch(async (error) => {
          if (!(error instanceof AccountSignInNeeded)) throw error;
          await requestSignInLink(deps, { email: error.email, ip: clientIp(request, server, deps.config.trustedProxies) });
          throw new ApiError(
            401,
            `${error.email} already has a Linkhop account: we mailed it a sign-in link. Open it, then open this invitation again to join.`,
          );
        });
        if (opened) set.headers['set-cookie'] = opened.cookie;
        return { workspace_id: admitted.workspaceId, role: admitted.role };
      },
      {
        transform: jsonOnly,
        params: InviteTokenParams,
        body: JoinBody,
        response: { 200: Joined, ...errors(400, 401, 403, 404, 409, 410, 415, 429) },
        detail: {
          summary:
            'Join through an invitation: a new address is signed in by it; an address with an account joins signed in as that account only (401 without a session: a sign-in link is mailed to it; 403 signed in as another account)',
          security: [],
        },
      },
    );
