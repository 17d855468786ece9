import { Elysia } from 'elysia';
import type { Deps } from '../core/deps';
import { docs } from '../core/docs';
import { LAST_MODULES, MODULES, SITE_PATHS, shortLinkVisitor } from './modules';
import { pluginRoutes } from './plugin-routes';
import { NO_PLUGINS, type LoadedPlugins } from './plugins';
import { identify } from '../core/access';
import { ApiError, badRequest, callerFault, isDataException, isRetryable, isUnavailable, notFound, pgErrorCode } from '../core/errors';
import type { Server } from 'bun';
import { clientIp, firstSegment, requestHost, shortLinkSlug, wellFormedRequest } from '../core/hosts';
import { metrics } from '../core/metrics';
import { unstorableInput, validationError } from '../core/validation';
import { DEFAULT_CSP, securityHeaders } from '../core/security-headers';
import { allowedMethods } from '../core/allowed-methods';
import { boundBody, BodyBytes, DEFAULT_BODY_BYTES, type HeldBytes, peerAware, SMALL_BODY_BYTES } from '../core/body-limit';
import type { Logger } from '../core/logger';

/**
 * The modules' paths (their descriptors, read once as the module list loads): first segments only the
 * site host serves (on any other host an ordinary 404); every segment the app answers, which never
 * takes the redirector's lane on any host (health probes answer on every host: a load balancer
 * reaches an instance by its address); `/api` routes answered on every host (Caddy's on-demand TLS
 * `ask`); and the /api routes without an API key or session (the operator API, invites, docs,
 * first-run setup, signing in and out).
 */
const SITE_SEGMENTS = SITE_PATHS.site;
const APP_SEGMENTS = SITE_PATHS.answered;
const ANY_HOST_API = SITE_PATHS.anyHostApi;
const KEYLESS_API = SITE_PATHS.keyless;
const usesApiKey = (request: Request) => isKeyedApi(new URL(request.url).pathname);
const isKeyedApi = (path: string) => path.startsWith('/api/') && !KEYLESS_API.test(path);
/** the `{wsId}` of a workspace's route */
const WORKSPACE_PATH = /^\/api\/workspaces\/([^/]+)\//;

/**
 * A route's body bound: a module's own for its routes that take a file (the import); on the API
 * routes without a credential (signing in, setup, invites, the operator API) SMALL_BODY_BYTES, as
 * much as they take: anyone may send those; elsewhere DEFAULT_BODY_BYTES.
 */
function bodyBound(path: string): number {
  for (const limit of SITE_PATHS.bodyLimits) if (limit.path.test(path)) return limit.maxBytes;
  if (path.startsWith('/api/') && KEYLESS_API.test(path)) return SMALL_BODY_BYTES;
  return DEFAULT_BODY_BYTES;
}

/**
 * A request's path as the logs show it: its route's pattern (`/api/invites/:token`), so no path
 * parameter reaches a log (an invite token is one, and the credential of its accept call); an
 * unrouted path as it came, an invite token still left out.
 */
const loggedPath = (request: Request, route?: string) => route || new URL(request.url).pathname.replace(/^\/api\/invites\/[^/]+/, '/api/invites/:token');

const isAnyHostApi = (request: Request) => ANY_HOST_API.has(new URL(request.url).pathname);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const requestIds = new WeakMap<Request, string>();
/**
 * When each API request came in (performance.now()), for its log line and the latency histogram, and
 * from whom: the peer is read on arrival, as Bun no longer knows it once the answer has gone.
 */
const requestArrivals = new WeakMap<Request, { start: number; ip: string }>();

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-content-type-options': 'nosniff', ...headers } });

/**
 * A page with an opaque origin (`Origin: null`: a sandboxed short-link page running a workspace's
 * scripts, a file, a data: URL) has no business with the API; its requests are refused, whatever
 * their credential, before any is looked at.
 */
const OPAQUE_ORIGIN = 'Refused: requests from a page without an origin (Origin: null) may not use the API';

const MALFORMED = 'Malformed request: the Host header and the path do not make a URL';

/** An error answer: `{error, field?, code}` with the error's status and headers. */
const errorReply = (error: ApiError, requestId?: string) =>
  json(error.status, error.answer(), requestId ? { ...error.headers, 'x-request-id': requestId } : error.headers);

const retryLater = () => new ApiError(503, 'Temporarily unavailable, please retry', { headers: { 'Retry-After': '1' } });

/** `{error, field?, code}` for anything thrown past a handler: the caller's fault as 4xx, 503 while the database is down or for a failure a retry may not meet (logged), else a logged 500. */
function replyToError(log: Logger, error: unknown, request: Request, requestId?: string, route?: string): Response {
  const fault = callerFault(error);
  if (fault) {
    // the database's code only: its message and the failing statement may carry the input
    if (isDataException(error))
      log.warn({ code: pgErrorCode(error), requestId, method: request.method, path: loggedPath(request, route) }, 'input refused by the database');
    return errorReply(fault, requestId);
  }
  if (isUnavailable(error)) {
    log.warn({ err: error, requestId, path: loggedPath(request, route) }, 'database unavailable');
    return errorReply(retryLater(), requestId);
  }
  if (isRetryable(error)) {
    log.error(
      { err: error, code: pgErrorCode(error), requestId, method: request.method, path: loggedPath(request, route) },
      'statement failed; nothing stored, retry',
    );
    return errorReply(retryLater(), requestId);
  }
  log.error({ err: error, code: pgErrorCode(error), requestId, method: request.method, path: loggedPath(request, route) }, 'unhandled error');
  return errorReply(new ApiError(500, `Internal error (request ${requestId ?? 'unknown'})`), requestId);
}

/**
 * NUL, lone surrogates and years PostgreSQL cannot store are refused at the edge, naming the
 * field, on every route (plugins' included) before its handler, access guard or database sees them.
 * Reading `body` here makes Elysia parse a body on every route, also where the handler ignores it:
 * a malformed one is a 400 there too (after authentication: see the PARSE case).
 */
function refuseUnstorableInput({ params, query, body }: { params: unknown; query: unknown; body: unknown }) {
  const problem = unstorableInput(params, 'path parameter ') ?? unstorableInput(query, 'query parameter ') ?? unstorableInput(body);
  if (problem) throw problem;
}

/**
 * The kernel: error handling, host routing, request ids and logs, docs, then the feature
 * modules' routes (app/modules.ts), the extension plugins' routes (set up before:
 * `setupPlugins`), then the dashboard's and the short links' catch-alls.
 */
export function createApp(deps: Deps, plugins: LoadedPlugins = NO_PLUGINS) {
  const { log, config } = deps;
  // every answer of the app, JSON or page, unless its own headers say otherwise (pages set their own policy)
  const answerHeaders = securityHeaders(config, DEFAULT_CSP);
  // the API asked on another host (an address, a short domain): the 404 says where it is served, as a
  // client configured with the wrong base URL (127.0.0.1 for SITE_URL=http://localhost:3000) cannot guess it
  const apiElsewhere = new ApiError(404, `Not found: the API is served on the site host ${config.siteHost} (SITE_URL ${config.siteUrl}), not on this host`);

  /** The answer to an error: 400 for input, 405 or 404 for a path, then replyToError. */
  async function errorAnswer(code: string | number, error: unknown, request: Request, route: string): Promise<Response> {
    const requestId = requestIds.get(request);
    switch (code) {
      case 'VALIDATION':
        return errorReply(validationError(error), requestId);
      case 'PARSE':
        // the body parser runs before the access guard: authentication (and a session write's CSRF check) still answers first
        if (usesApiKey(request)) {
          const refused = await identify(deps.access, request).then(
            () => null,
            (refusal: unknown) => refusal,
          );
          if (refused) return replyToError(log, refused, request, requestId);
        }
        return errorReply(badRequest('Invalid request body: expected JSON'), requestId);
      case 'NOT_FOUND': {
        // a path the app has, asked with another method: 405 and the methods it does have
        const allow = allowedMethods(app, new URL(request.url).pathname);
        if (allow.length)
          return errorReply(
            new ApiError(405, `${request.method} is not allowed here; allowed: ${allow.join(', ')}`, { headers: { allow: allow.join(', ') } }),
            requestId,
          );
        return errorReply(new ApiError(404, 'Not found'), requestId);
      }
    }
    return replyToError(log, error, request, requestId, route);
  }

  /** An API request's access-log line and latency sample (not for other requests: they have no arrival). */
  function logApiRequest(request: Request, status: unknown, route?: string) {
    const requestId = requestIds.get(request);
    const arrival = requestArrivals.get(request);
    if (!requestId || !arrival) return;
    const ms = performance.now() - arrival.start;
    metrics.apiSeconds.observe({ route: route || 'unmatched', method: request.method, status: String(status ?? 200) }, ms / 1000);
    log.info(
      { requestId, method: request.method, path: loggedPath(request, route), status, durationMs: Math.round(ms * 100) / 100, ip: arrival.ip },
      'api request',
    );
  }

  const app = new Elysia({ name: 'kernel' })
    .onRequest(({ request, set, server }) => {
      Object.assign(set.headers, answerHeaders);
      if (!wellFormedRequest(request)) return errorReply(new ApiError(400, MALFORMED));
      const segment = firstSegment(request);
      if (SITE_SEGMENTS.has(segment) && requestHost(request) !== config.siteHost && !isAnyHostApi(request))
        return errorReply(segment === 'api' ? apiElsewhere : new ApiError(404, 'Not found'));
      // API requests carry an id (the caller's, when sane) in the response and the logs; redirects skip it
      if (segment === 'api') {
        const given = request.headers.get('x-request-id');
        const id = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
        requestIds.set(request, id);
        requestArrivals.set(request, { start: performance.now(), ip: clientIp(request, server, config.trustedProxies) });
        set.headers['x-request-id'] = id;
        if (request.headers.get('origin') === 'null') {
          // answered before routing: Elysia runs no afterResponse hook for it, so it is logged here
          const refused = errorReply(new ApiError(403, OPAQUE_ORIGIN), id);
          logApiRequest(request, refused.status);
          return refused;
        }
      }
    })
    .onError(async ({ code, error, request, route, set }) => {
      // a failure while answering a failure is still answered here, as ours: Elysia's fallback has no security headers
      const response = await errorAnswer(code, error, request, route).catch((failure: unknown) =>
        replyToError(log, failure, request, requestIds.get(request), route),
      );
      // the access log reads `set`: Elysia leaves it at 200 when the answer is a Response of our own
      set.status = response.status;
      return response;
    })
    .onTransform({ as: 'global' }, refuseUnstorableInput)
    .onAfterResponse(({ request, set, route }) => logApiRequest(request, set.status, route))
    .use(docs());
  // Elysia's route types are not kept through a loop: the dashboard is typed from the OpenAPI document instead
  for (const module of MODULES) if (module.routes) app.use(module.routes(deps));
  app.use(pluginRoutes(deps, plugins.routes));
  for (const module of LAST_MODULES) if (module.routes) app.use(module.routes(deps));
  return app;
}

export type App = ReturnType<typeof createApp>;

export type FetchHandler = (request: Request, server?: Server<unknown> | null) => Response | Promise<Response>;

/**
 * What a listening server runs. A short-link visit (`GET|HEAD|POST /{slug}` on a short domain) goes
 * straight to the redirector: Elysia's per-request pipeline (hooks, context, response mapping) cost
 * a quarter of the redirect throughput (bench/redirect.ts, cached link: 45k → 63k req/s). Everything
 * else goes to the app, whose `/:slug` routes answer the same way (they serve `app.handle` callers).
 */
export function createFetch(deps: Deps, app: App): FetchHandler {
  const { config, log } = deps;
  const redirector = shortLinkVisitor(deps);
  const answerHeaders = securityHeaders(config, DEFAULT_CSP);
  const fail = (error: unknown, request: Request) => replyToError(log, error, request);
  const route: FetchHandler = (request, server) => {
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'POST') {
      const host = requestHost(request);
      const slug = host !== config.siteHost || host === config.defaultDomain ? shortLinkSlug(request) : undefined;
      if (slug !== undefined && !APP_SEGMENTS.has(slug)) {
        try {
          const answer = redirector.visit(request, slug, method, server, host);
          return answer instanceof Promise ? answer.catch((error) => fail(error, request)) : answer;
        } catch (error) {
          return fail(error, request);
        }
      }
    }
    return app.fetch(request);
  };
  const inFlight = new BodyBytes(config.bodyBytesInFlightMax);

  /**
   * The caller of a large body on a route with a credential, known before a byte of it is read:
   * its API key or session, and its membership of the `{wsId}` workspace (the access guard checks
   * the rest once routed). The refusal (401, 404) when unknown; else the session's slid cookie, if
   * this lookup slid it (the guard's own lookup then finds nothing to slide, so it is kept here).
   */
  async function knownCaller(request: Request, path: string): Promise<{ refused?: Response; setCookie?: string }> {
    try {
      const { actor, setCookie } = await identify(deps.access, request);
      const wsId = WORKSPACE_PATH.exec(path)?.[1];
      if (wsId && !(await deps.access.workspaceAccess(actor, wsId))) throw notFound('Workspace');
      return { setCookie };
    } catch (error) {
      return { refused: replyToError(log, error, request) };
    }
  }

  const routeBounded = (request: Request, path: string, server?: Server<unknown> | null) => {
    const held: HeldBytes = { bytes: 0 };
    const bounded = boundBody(request, { maxBytes: bodyBound(path), inFlight, held });
    if (bounded instanceof Response) return bounded;
    // what the body took of BODY_BYTES_IN_FLIGHT_MAX is given back once the request is answered
    const answered =
      bounded === request
        ? route(request, server)
        : (bounded as Promise<Request | Response>).then((copy) => (copy instanceof Response ? copy : route(copy, server && peerAware(server))));
    if (!held.bytes && !(answered instanceof Promise)) return answered;
    return Promise.resolve(answered).finally(() => inFlight.give(held.bytes));
  };

  // bodies are bounded before routing, so before any handler, parser or authentication reads them;
  // a large one on a route with a credential only once its caller is known
  return (request, server) => {
    if (!wellFormedRequest(request)) return errorReply(new ApiError(400, MALFORMED, { headers: answerHeaders }));
    const method = request.method;
    if (method === 'GET' || method === 'HEAD') return route(request, server);
    const path = new URL(request.url).pathname;
    const length = request.headers.get('content-length');
    const large = length === null ? request.body !== null : Number(length) > SMALL_BODY_BYTES && Number(length) <= bodyBound(path);
    if (!large || !isKeyedApi(path) || requestHost(request) !== config.siteHost) return routeBounded(request, path, server);
    return knownCaller(request, path).then(async ({ refused, setCookie }) => {
      if (refused) return refused;
      const answer = await routeBounded(request, path, server);
      if (setCookie && !answer.headers.has('set-cookie')) answer.headers.append('set-cookie', setCookie);
      return answer;
    });
  };
}

/**
 * A listening Bun server for the app (`npm start`, and tests that need a real socket). It becomes
 * `app.server`, so `app.stop()` stops it and runs the modules' onStop hooks.
 */
export function listen(deps: Deps, app: App, options: { port: number; hostname: string }) {
  // createFetch bounds every body (each route's own bound, `{error}` naming it, nothing read past
  // it). Bun's bound is set out of its way: over it Bun answers a bare 413 and resets the
  // connection, which a client still sending its body never reads
  // anything that still escapes the handler is logged as JSON and answered as ours, not by Bun's bare 500 and a stack trace on stderr
  const answerHeaders = securityHeaders(deps.config, DEFAULT_CSP);
  const error = (failure: Error) => {
    deps.log.error({ err: failure }, 'unhandled error');
    return errorReply(new ApiError(500, 'Internal error', { headers: answerHeaders }));
  };
  const server = Bun.serve({
    ...options,
    idleTimeout: 30,
    development: false,
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    fetch: createFetch(deps, app),
    error,
  });
  app.server = peerAware(server);
  return server;
}
