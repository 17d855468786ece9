import { availableParallelism } from 'node:os';
import type { Deps } from '../../core/deps';
import { ApiError } from '../../core/errors';
import type { LinkSnapshot, RedirectResolve } from '../../core/hooks';
import { withQueryParams } from '../../core/format';
import { clientIp, requestHost, shortUrl } from '../../core/hosts';
import { metrics } from '../../core/metrics';
import { RATE_LIMITS } from '../../core/plans';
import { clickRecorder, type Click, type ClickRecorder } from '../clicks';
import { checkLinkPassword, claimExpiredEvent } from '../links';
import { BUSY, concurrencyGate } from './gate';
import { createLookup } from './lookup';
import { hasOpenGraph, redirectPages } from './pages';
import { GeoLocator, RequestVisitor, type VisitorEnv } from './visitor';

type Stage = (ctx: RedirectResolve) => void | Promise<void>;
type IpSource = ConstructorParameters<typeof RequestVisitor>[1];
/**
 * What the lane's steps answer: a Response, or a counted visit (its Resolution, `response` made)
 * whose answer waits for its click to reach the click spool; `visit` turns it into the Response.
 */
type Served = Response | Resolution;
type Answer = Served | Promise<Served>;
export type VisitMethod = 'GET' | 'HEAD' | 'POST';

/** Runs the stages in order; stays synchronous until a stage returns a promise (the hot path). */
export function runStages(stages: Stage[], ctx: RedirectResolve): void | Promise<void> {
  for (let i = 0; i < stages.length; i++) {
    const result = stages[i]!(ctx);
    if (result && typeof (result as Promise<void>).then === 'function') return finishStages(stages, i + 1, ctx, result as Promise<void>);
  }
}

async function finishStages(stages: Stage[], from: number, ctx: RedirectResolve, pending: Promise<void>) {
  await pending;
  for (let i = from; i < stages.length; i++) await stages[i]!(ctx);
}

/**
 * What the `redirect.resolve` stages of one visit work on. A class, and `setCookies` made on
 * first use: most visits set no cookie, and the cached path allocates as little as it can.
 */
class Resolution implements RedirectResolve {
  [extra: string]: unknown;
  target: string;
  routed = false;
  page?: Response | string;
  variant?: string;
  /** the answer of a counted visit, sent once its click is in the click spool (`visit`) */
  response?: Response;
  private cookies?: string[];
  private id?: string;
  private spooled?: Promise<void>;

  constructor(
    readonly link: LinkSnapshot,
    readonly visitor: RequestVisitor,
    /** the visit is counted: its click is recorded (not for HEAD, not for bots) */
    readonly counted: boolean,
    private readonly clicks: ClickRecorder,
  ) {
    this.target = link.target;
  }

  get setCookies(): string[] {
    return (this.cookies ??= []);
  }

  get hasCookies(): boolean {
    return this.cookies !== undefined && this.cookies.length > 0;
  }

  get clickId(): string | undefined {
    if (!this.counted) return undefined;
    if (this.id === undefined) {
      const recorded = this.clicks.recordWithId(visitClick(this));
      this.id = recorded.id;
      this.spooled = recorded.spooled;
    }
    return this.id;
  }

  /** Records the visit's click, once (most visits never ask for its id: no id is made then); resolves once it is in the click spool. */
  recorded(): Promise<void> {
    return (this.spooled ??= this.clicks.record(visitClick(this)));
  }
}

/** The click of a visit, once the stages that choose its target (the A/B variant among them) have run. */
function visitClick({ link, visitor, variant }: Resolution): Click {
  return {
    link_id: link.id,
    workspace_id: link.workspace_id,
    domain: link.domain,
    slug: link.slug,
    clicked_at: Date.now(),
    country: visitor.country || null,
    referer: visitor.referrer || null,
    browser: visitor.browser || null,
    os: visitor.os || null,
    device: visitor.device,
    language: visitor.language || null,
    visitor: visitor.hash,
    variant: variant ?? null,
  };
}

/** Default stage (order 50): no routing stage chose a target, so the link's own target applies. */
export function defaultStage(ctx: RedirectResolve): void {
  if (!ctx.routed) ctx.target = ctx.link.target;
}

const utmMemo = new WeakMap<LinkSnapshot, { from: string; to: string }>();
const headersMemo = new WeakMap<LinkSnapshot, { target: string; headers: Headers }>();

/**
 * The headers of a redirect to `target` (with `extra`, the same for every redirect of the process),
 * kept per link snapshot: a Response copies a Headers object faster than it builds one from a
 * literal (bare Bun.serve: ~97k vs ~85k req/s).
 */
function redirectHeaders(link: LinkSnapshot, target: string, extra: Readonly<Record<string, string>>): Headers {
  let memo = headersMemo.get(link);
  if (memo?.target !== target)
    headersMemo.set(link, (memo = { target, headers: new Headers({ location: target, 'cache-control': 'private, max-age=0', ...extra }) }));
  return memo.headers;
}

/** `utm_*` parameters merged into a target's query (a link's values win over the target's). */
export function appendUtm(target: string, utm: Record<string, string>): string {
  return withQueryParams(
    target,
    Object.entries(utm).flatMap(([key, value]) => (value ? [[`utm_${key}`, value] as const] : [])),
  );
}

/** UTM stage (order 70): applied to web targets only (not to deep-link app URLs); memoised per link snapshot. */
export function utmStage(ctx: RedirectResolve): void {
  const utm = ctx.link.utm_params;
  if (!utm || !(ctx.target.startsWith('https://') || ctx.target.startsWith('http://'))) return;
  const memo = utmMemo.get(ctx.link);
  if (memo && memo.from === ctx.target) {
    ctx.target = memo.to;
    return;
  }
  const to = appendUtm(ctx.target, utm);
  utmMemo.set(ctx.link, { from: ctx.target, to });
  ctx.target = to;
}

/**
 * The redirect engine: host → domain → link snapshot → expiry, password, social preview → the
 * `redirect.resolve` stages → 301/302 (or a page), recording the click without awaiting it.
 * With everything cached, a visit runs synchronously and does no I/O.
 */
/**
 * Link-password verifications in this process, whatever the app: one core's worth fewer than the
 * machine has (at least one), and a short queue. The rest of a flood of guesses is answered 429 at
 * once: argon2 runs on Bun's thread pool, and unbounded it took every core from the redirects.
 */
const verifications = concurrencyGate(Math.max(1, availableParallelism() - 1), 8);

export function createRedirector(deps: Deps) {
  const { config } = deps;
  const lookup = createLookup(deps);
  const pages = redirectPages(config);
  const clicks = clickRecorder(deps);
  const geo = new GeoLocator(config, (err) => deps.log.warn({ err }, 'GeoIP database not loaded; countries unknown'));
  const env: VisitorEnv = { geo, trustedProxies: config.trustedProxies };
  const expiredFired = new Set<string>();

  /**
   * `host`: the request's, when the caller has read it already. Timed into the redirect latency
   * histogram; with LOG_REDIRECTS, logged (that share of visits).
   */
  function visit(request: Request, slug: string, method: VisitMethod, server: IpSource, host = requestHost(request)): Response | Promise<Response> {
    const start = performance.now();
    const served = route(request, slug, method, server, host);
    if (served instanceof Promise) return served.then((done) => sent(request, server, done, start));
    return sent(request, server, served, start);
  }

  /**
   * A counted visit is answered once its click is in the click spool, so that no answered visit is
   * lost; its wait and its timing are one promise (the cached path's only one before the kernel's).
   */
  function sent(request: Request, server: IpSource, served: Served, start: number): Response | Promise<Response> {
    if (served instanceof Response) return answered(request, server, served, start);
    return served.recorded().then(() => answered(request, server, served.response!, start));
  }

  function answered(request: Request, server: IpSource, response: Response, start: number): Response {
    const ms = performance.now() - start;
    metrics.redirectSeconds.observe(ms / 1000);
    if (config.logRedirects && Math.random() < config.logRedirects) {
      const { host, pathname } = new URL(request.url);
      deps.log.info(
        { method: request.method, host, path: pathname, status: response.status, durationMs: Math.round(ms * 100) / 100, ip: visitorIp(request, server) },
        'redirect',
      );
    }
    return response;
  }

  function route(request: Request, slug: string, method: VisitMethod, server: IpSource, host: string): Answer {
    if (host === config.defaultDomain) return visitLink(request, host, slug, method, server);
    if (host === config.siteHost) return notFound();
    const hostname = host.replace(/:\d+$/, '');
    const domain = lookup.peekDomain(hostname);
    if (domain === undefined) {
      return (
        refusedProber(request, server) ??
        lookup.loadDomain(hostname).then((d) => (d?.verified ? visitLink(request, d.domain, slug, method, server) : unknownLink(request, server)))
      );
    }
    return domain?.verified ? visitLink(request, domain.domain, slug, method, server) : unknownLink(request, server);
  }

  function visitLink(request: Request, domain: string, slug: string, method: VisitMethod, server: IpSource): Answer {
    const link = lookup.peekLink(domain, slug);
    if (link === undefined) metrics.linkCache.misses++;
    else metrics.linkCache.hits++;
    if (link === undefined) return refusedProber(request, server) ?? lookup.loadLink(domain, slug).then((l) => withWorkspace(request, l, method, server));
    return withWorkspace(request, link, method, server);
  }

  const proberKey = (ip: string) => `redirect:prober:${ip}`;
  const visitorIp = (request: Request, server: IpSource) => clientIp(request, server, env.trustedProxies);

  /**
   * A visit to no link (unknown slug, unknown or unverified host) takes a point of its IP's allowance
   * (`RATE_LIMITS.unknownLink`, shared by every process through Redis); past it, 429. Visits to links
   * never count. A request without a socket (an in-process caller) has no address to count.
   */
  function unknownLink(request: Request, server: IpSource): Answer {
    const ip = visitorIp(request, server);
    if (!ip) return notFound();
    return deps.limiter.consume('unknownLink', ip, RATE_LIMITS.unknownLink).then(notFound, (error) => {
      if (!(error instanceof ApiError) || error.status !== 429) throw error;
      const retryAfterMs = Number(error.headers['Retry-After'] ?? 1) * 1000;
      deps.cache.setLocal(proberKey(ip), Date.now() + retryAfterMs, retryAfterMs);
      metrics.redirects.rate_limited++;
      return pages.tooManyUnknown(error.headers);
    });
  }

  /**
   * While an IP is over that allowance, a lookup this process has no copy of is refused before it
   * reaches the database (each one of a prober's would be a query); links in the cache still answer.
   */
  function refusedProber(request: Request, server: IpSource): Response | undefined {
    const ip = visitorIp(request, server);
    const until = ip ? deps.cache.peek<number>(proberKey(ip)) : undefined;
    if (until === undefined) return undefined;
    metrics.redirects.rate_limited++;
    return pages.tooManyUnknown({ 'Retry-After': String(Math.max(1, Math.ceil((until - Date.now()) / 1000))) });
  }

  function withWorkspace(request: Request, link: LinkSnapshot | null, method: VisitMethod, server: IpSource): Answer {
    if (!link) return unknownLink(request, server);
    const workspace = lookup.peekWorkspace(link.workspace_id);
    if (workspace === undefined) {
      return lookup.loadWorkspace(link.workspace_id).then((ws) => {
        if (!ws) return notFound();
        link.workspace = ws;
        return serve(request, link, method, server);
      });
    }
    if (!workspace) return notFound();
    link.workspace = workspace;
    return serve(request, link, method, server);
  }

  function serve(request: Request, link: LinkSnapshot, method: VisitMethod, server: IpSource): Answer {
    if (link.expires_at !== null && link.expires_at <= Date.now()) return expired(link);
    const visitor = new RequestVisitor(request, server, env);
    // a bot's visit is no click: it is counted aside, so that stats can say how many were left out
    if (visitor.isBot && method !== 'HEAD') clicks.recordBot(link.id, link.workspace_id);
    if (visitor.isSocialBot && hasOpenGraph(link)) {
      metrics.redirects.preview++;
      return pages.openGraph(link, shortUrl(config, link.domain, link.slug));
    }
    if (link.has_password) {
      metrics.redirects.password++;
      if (method !== 'POST') return pages.password(200);
      return unlock(request, link, visitor);
    }
    return resolve(link, visitor, method);
  }

  function resolve(link: LinkSnapshot, visitor: RequestVisitor, method: VisitMethod): Answer {
    const ctx = new Resolution(link, visitor, method !== 'HEAD' && !visitor.isBot, clicks);
    // asked per visit (the bus keeps the list until a handler comes or goes): a stage registered later (a plugin set up after the modules) runs from then on
    const pending = runStages(deps.bus.handlersOf('redirect.resolve'), ctx);
    if (pending) return pending.then(() => answer(ctx));
    return answer(ctx);
  }

  /** The visit's answer; a counted visit's waits for its click (`sent`). */
  function answer(ctx: Resolution): Served {
    const response = respond(ctx);
    if (!ctx.counted) return response;
    ctx.response = response;
    return ctx;
  }

  function respond(ctx: Resolution): Response {
    const { link } = ctx;
    metrics.redirects[ctx.page !== undefined ? 'page' : ctx.visitor.isBot ? 'bot' : 'redirect']++;
    if (ctx.page !== undefined) {
      if (typeof ctx.page !== 'string') {
        // cookies set by earlier stages (sequence step, A/B variant) go with a page Response too
        for (const cookie of ctx.setCookies) ctx.page.headers.append('set-cookie', cookie);
        return ctx.page;
      }
      // a stage's page may carry the workspace's scripts: it is sandboxed (pages.ts)
      const headers = new Headers(pages.stageHeaders);
      for (const cookie of ctx.setCookies) headers.append('set-cookie', cookie);
      return new Response(ctx.page, { status: 200, headers });
    }
    if (!ctx.hasCookies) return new Response(null, { status: link.redirect_type, headers: redirectHeaders(link, ctx.target, pages.redirectHeaders) });
    const headers = new Headers(redirectHeaders(link, ctx.target, pages.redirectHeaders));
    for (const cookie of ctx.setCookies) headers.append('set-cookie', cookie);
    return new Response(null, { status: link.redirect_type, headers });
  }

  async function unlock(request: Request, link: LinkSnapshot, visitor: RequestVisitor): Promise<Served> {
    try {
      await deps.limiter.consume('passwordForm', `${link.id}:${visitor.ip}`, RATE_LIMITS.passwordForm);
      await deps.limiter.check('passwordWrong', link.id, RATE_LIMITS.passwordWrong);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return tooManyAttempts(error.headers);
      throw error;
    }
    const password = await formPassword(request);
    if (!password) return pages.password(401, 'Wrong password.');
    const right = await verifications(async () => {
      // checked again in turn: guesses that queued while the link ran out of attempts cost nothing
      await deps.limiter.check('passwordWrong', link.id, RATE_LIMITS.passwordWrong);
      return checkLinkPassword(deps.db, link.id, password);
    }).catch((error: unknown) => error);
    if (right === BUSY) return tooManyAttempts({ 'Retry-After': '1' });
    if (right instanceof ApiError && right.status === 429) return tooManyAttempts(right.headers);
    if (right instanceof Error) throw right;
    if (right) return resolve(link, visitor, 'POST');
    await deps.limiter.consume('passwordWrong', link.id, RATE_LIMITS.passwordWrong).catch(() => {});
    return pages.password(401, 'Wrong password.');
  }

  function tooManyAttempts(headers: Record<string, string>) {
    return pages.password(429, 'Too many attempts. Please wait a moment and try again.', headers);
  }

  /** After `expires_at`: the fallback, else the workspace's expired page, else 410; `link.expired` fires once. */
  function expired(link: LinkSnapshot): Response {
    metrics.redirects.expired++;
    fireExpired(link);
    const fallback = link.fallback_url ?? link.workspace.expired_page_url;
    if (fallback) return new Response(null, { status: 302, headers: { location: fallback, 'cache-control': 'private, max-age=0', ...pages.redirectHeaders } });
    return pages.expired();
  }

  /** One claim per link and expiry in this process; the atomic UPDATE makes it once across processes. */
  function fireExpired(link: LinkSnapshot) {
    const key = `${link.id}:${link.expires_at}`;
    if (expiredFired.has(key)) return;
    expiredFired.add(key);
    claimExpiredEvent(deps.db, link.id)
      .then((claimed) => {
        if (!claimed) return;
        void deps.bus.emit('link.expired', {
          workspaceId: link.workspace_id,
          data: { id: link.id, domain: link.domain, slug: link.slug, expires_at: new Date(link.expires_at!).toISOString() },
        });
      })
      .catch((err) => {
        expiredFired.delete(key);
        deps.log.warn({ err, linkId: link.id }, 'link.expired not recorded');
      });
  }

  function notFound(): Response {
    metrics.redirects.not_found++;
    return pages.notFound();
  }

  return { visit, ready: geo.ready };
}

export type Redirector = ReturnType<typeof createRedirector>;
const redirectors = new WeakMap<object, Redirector>();

/** The redirector of this process (one per Deps): the `/:slug` routes and the server's short-link lane share it. */
export function redirectorOf(deps: Deps): Redirector {
  let redirector = redirectors.get(deps);
  if (!redirector) redirectors.set(deps, (redirector = createRedirector(deps)));
  return redirector;
}

async function formPassword(request: Request): Promise<string | null> {
  try {
    const type = request.headers.get('content-type') ?? '';
    if (type.includes('application/json')) {
      const body = (await request.json()) as { password?: unknown };
      return typeof body?.password === 'string' ? body.password : null;
    }
    const value = (await request.formData()).get('password');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
