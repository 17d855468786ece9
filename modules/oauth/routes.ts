import { Elysia } from 'elysia';
import { accessMacro, type Actor, type SessionActor } from '../../core/access';
import type { Deps } from '../../core/deps';
import { ApiError } from '../../core/errors';
import { clientIp } from '../../core/hosts';
import { errors, OkBody } from '../../core/model';
import { AuthorizationQuery, AuthorizationSummary, ConsentAnswer, ConsentBody, GrantParams, OAuthGrantList } from './model';
import { authorizationServerMetadata, LIMITS, OAuthError, protectedResourceMetadata } from './protocol';
import { answerConsent, describeAuthorizationRequest, exchangeCode, listGrants, refreshTokens, registerClient, revokeOwnGrant, revokeToken } from './service';

/** Registration is open to anyone: a few apps an hour per address. Token calls: a minute's worth of refreshes for many apps. */
const REGISTER_RATE = { points: 20, durationSec: 3600 };
const TOKEN_RATE = { points: 60, durationSec: 60 };

// the protocol endpoints are called by apps, some from a browser on another origin: no cookie is read, any origin may call
const CORS = { 'access-control-allow-origin': '*' };
const PREFLIGHT = new Response(null, {
  status: 204,
  headers: {
    ...CORS,
    'access-control-allow-methods': 'GET, POST',
    'access-control-allow-headers': 'content-type, authorization, mcp-protocol-version',
    'access-control-max-age': '86400',
  },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...CORS } });

/** Runs a protocol step; its refusals answer in OAuth's words (`{error, error_description}`). */
async function protocol(run: () => Promise<unknown>, status = 200): Promise<Response> {
  try {
    const body = await run();
    return body === undefined ? new Response(null, { status, headers: { ...CORS, 'cache-control': 'no-store' } }) : json(status, body);
  } catch (error) {
    if (error instanceof OAuthError) return json(error.status, error.answer());
    throw error;
  }
}

/** The token and revocation endpoints take a form (RFC 6749 §3.2), as every OAuth client sends it. */
async function formOf(request: Request): Promise<URLSearchParams> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError(400, 'invalid_request', 'Send the body as application/x-www-form-urlencoded');
  }
  return new URLSearchParams(await request.text());
}

async function registrationOf(request: Request): Promise<unknown> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) {
    throw new OAuthError(400, 'invalid_client_metadata', 'Send the client metadata as JSON (content-type: application/json)');
  }
  const text = await request.text();
  if (text.length > LIMITS.registrationBytes)
    throw new OAuthError(400, 'invalid_client_metadata', `The client metadata is over ${LIMITS.registrationBytes} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    throw new OAuthError(400, 'invalid_client_metadata', 'The body is not JSON');
  }
}

function assertSession(actor: Actor): asserts actor is SessionActor {
  if (actor.via !== 'session') throw new ApiError(403, 'This needs a person signed in to the dashboard, not an API key');
}

const hidden = { hide: true };
const unparsed = { parse: 'none' as const, detail: hidden };

/** The authorization server's protocol endpoints (RFC 8414, 9728, 7591, 6749, 7009), outside the REST API. */
const protocolRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:oauth-protocol' })
    .get('/.well-known/oauth-authorization-server', () => json(200, authorizationServerMetadata(deps.config)), { detail: hidden })
    // RFC 9728 §3.1: the resource's path after the well-known prefix; the bare path too, for clients that try it
    .get('/.well-known/oauth-protected-resource/mcp', () => json(200, protectedResourceMetadata(deps.config)), { detail: hidden })
    .get('/.well-known/oauth-protected-resource', () => json(200, protectedResourceMetadata(deps.config)), { detail: hidden })
    .options('/.well-known/*', () => PREFLIGHT.clone(), { detail: hidden })
    .options('/oauth/*', () => PREFLIGHT.clone(), { detail: hidden })
    .post(
      '/oauth/register',
      ({ request, server }) =>
        protocol(async () => {
          await deps.limiter.consume('oauthRegister', clientIp(request, server, deps.config.trustedProxies), REGISTER_RATE);
          return registerClient(deps, await registrationOf(request));
        }, 201),
      unparsed,
    )
    .post(
      '/oauth/token',
      ({ request, server }) =>
        protocol(async () => {
          await deps.limiter.consume('oauthToken', clientIp(request, server, deps.config.trustedProxies), TOKEN_RATE);
          const form = await formOf(request);
          const grantType = form.get('grant_type');
          if (grantType === 'authorization_code') return exchangeCode(deps, form);
          if (grantType === 'refresh_token') return refreshTokens(deps, form);
          throw new OAuthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
        }),
      unparsed,
    )
    .post('/oauth/revoke', ({ request }) => protocol(async () => void (await revokeToken(deps, await formOf(request)))), unparsed);

/** What the dashboard's consent page and Account page call, with the person's session. */
const dashboardRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:oauth-apps', detail: { tags: ['Authorised apps'] } })
    .use(accessMacro(deps.access))
    .get(
      '/api/oauth/authorization',
      ({ actor, query }) => {
        assertSession(actor);
        return describeAuthorizationRequest(deps, query);
      },
      {
        access: true,
        query: AuthorizationQuery,
        response: { 200: AuthorizationSummary, ...errors(400, 401, 403) },
        detail: { summary: "An app's authorization request as the consent page shows it: the app's name and where the answer goes" },
      },
    )
    .post(
      '/api/oauth/authorization',
      ({ actor, body }) => {
        assertSession(actor);
        return answerConsent(deps, actor, body);
      },
      {
        access: true,
        body: ConsentBody,
        response: { 200: ConsentAnswer, ...errors(400, 401, 403, 404) },
        detail: { summary: "Allow (a workspace and a role, at most yours) or deny an app's authorization request; answers where to send the browser" },
      },
    )
    .get(
      '/api/oauth/grants',
      async ({ actor }) => {
        assertSession(actor);
        return { data: await listGrants(deps.db, actor.userId) };
      },
      { access: true, response: { 200: OAuthGrantList, ...errors(401, 403) }, detail: { summary: 'The apps you authorised (MCP clients over OAuth)' } },
    )
    .delete(
      '/api/oauth/grants/:grantId',
      async ({ actor, params }) => {
        assertSession(actor);
        await revokeOwnGrant(deps.db, actor.userId, params.grantId);
        return { ok: true as const };
      },
      {
        access: true,
        params: GrantParams,
        response: { 200: OkBody, ...errors(401, 403, 404) },
        detail: { summary: "Revoke an app's access: its tokens stop working at once" },
      },
    );

export const oauthRoutes = (deps: Deps) => new Elysia({ name: 'routes:oauth' }).use(protocolRoutes(deps)).use(dashboardRoutes(deps));
