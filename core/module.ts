import type { AnyElysia } from 'elysia';
import type { Server } from 'bun';
import type { AccessResolver } from './access';
import type { Config } from './config';
import { ApiError } from './errors';
import type { DbOrTx } from './db';
import type { Deps } from './deps';
import type { JobMap, JobName } from './queue';

/** A job whose payload is empty: what a schedule repeats. */
export type PayloadlessJob = { [N in JobName]: JobMap[N] extends Record<string, never> ? N : never }[JobName];

/** A repeating job the API server keeps scheduled (BullMQ keeps one schedule however many servers declare it). */
export interface Schedule {
  job: PayloadlessJob;
  everyMs: number;
}

/**
 * The first path segments a module answers or keeps. Each is never a slug, generated or chosen
 * (core/hosts.ts `RESERVED_SEGMENTS` is their union); those it answers never take the redirector's lane.
 */
export interface ModuleSegments {
  /** served on the site host only (`p` for `/p/{slug}`); on any other host a plain 404 */
  site?: string[];
  /** served on every host: a load balancer, an orchestrator or Prometheus reaches a process by its address */
  anyHost?: string[];
  /** answered by nothing yet, kept from slugs for the site (its files) */
  reserved?: string[];
}

/**
 * `/api` paths that take no API key or session: their own credential (the operator token, an
 * invitation's token) or none (signing in, first-run setup). `/api/admin/*` is the path and all
 * below it; any other entry is one exact path. Their bodies are bound to SMALL_BODY_BYTES, as anyone may send them.
 */
export type KeylessRoute = `/api/${string}`;

/** A route whose body may be larger than DEFAULT_BODY_BYTES (a file upload), and its bound. */
export interface BodyLimit {
  path: RegExp;
  maxBytes: number;
}

/** An operator command (`bun run cli <name>`): prints what it returns as JSON. */
export interface CliCommand {
  /** its usage line after `bun run cli ` */
  usage: string;
  run(deps: Deps, args: string[]): Promise<unknown>;
}

/** A command's refusal of its arguments (exit code 2), with its usage line. */
export const wrongUsage = (usage: string) => new ApiError(400, `usage: bun run cli ${usage}`);

/** How the server answers a short-link visit before routing (app/kernel.ts `createFetch`). */
export interface ShortLinkVisitor {
  visit(request: Request, slug: string, method: string, server: Server<unknown> | null | undefined, host: string): Response | Promise<Response>;
}

/** What a restore checks restored rows against: this instance's default short domain. */
export interface RestoreScope {
  defaultDomain: string;
}

/** A restored row the API would not have stored: where it is, and why (the restore is refused). */
export interface RefusedRow {
  table: string;
  id: unknown;
  field: string;
  why: string;
}

/**
 * What modules offer extension plugins (`ctx.services`), by name. Each module that offers a part
 * adds it here by declaration merging on its public face, as jobs do, and builds it in its
 * descriptor's `pluginServices`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging (a type alias could not be)
export interface PluginServices {}

/** Identity, which core knows no module for: who holds a session, and what an actor may do in a workspace. */
export type SessionAuthenticator = AccessResolver['authenticateSession'];
/** OAuth access tokens on the REST API (`Authorization: Bearer`). */
export type BearerAuthenticator = AccessResolver['authenticateBearer'];

/**
 * What one feature module brings to a process, read in one place (app/modules.ts) by every process:
 * the API server, each worker process and the CLI. Each part is optional; a module with routes
 * only gives `routes`.
 */
export interface LinkhopModule {
  /** the module's folder name: logs and errors name it */
  name: string;
  /** bus handlers (link checks, `link.beforeCreate`, redirect stages, reactions to events): every process, before plugins */
  hooks?(deps: Deps): void;
  /** queue job processors: every process (a worker consumes them; the embedded server and the CLI run them in process) */
  jobs?(deps: Deps): void;
  /** repeating jobs: the API server schedules them */
  schedules?(config: Config): Schedule[];
  /** HTTP routes: the API server mounts them, in the order of the module list */
  routes?(deps: Deps): AnyElysia;
  /** the first path segments its routes answer or keep (read once, as the module list loads) */
  segments?: ModuleSegments;
  /** its `/api` routes without an API key or session */
  keylessRoutes?: KeylessRoute[];
  /** its `/api` routes answered on every host, not only the site's (Caddy asks by the service's address) */
  anyHostApiRoutes?: `/api/${string}`[];
  /** its routes that take a larger body than the default */
  bodyLimits?: BodyLimit[];
  /** its operator commands (`bun run cli <name>`) */
  commands?: Record<string, CliCommand>;
  /** the session half of identity (one module gives it) */
  sessionAuthenticator?(deps: Omit<Deps, 'access'>): SessionAuthenticator;
  /** the OAuth half of identity: access tokens granted for the REST API (one module gives it) */
  bearerAuthenticator?(deps: Omit<Deps, 'access'>): BearerAuthenticator;
  /** the access resolver: API keys, workspace membership, with the sessions' and the OAuth tokens' authenticators (one module gives it) */
  accessResolver?(deps: Omit<Deps, 'access'>, authenticateSession: SessionAuthenticator, authenticateBearer: BearerAuthenticator): AccessResolver;
  /** the short-link lane of a listening server, past Elysia (one module gives it) */
  shortLinks?(deps: Deps): ShortLinkVisitor;
  /** its part of the services extension plugins call, acting as `actor` (`plugin:<name>`) */
  pluginServices?(deps: Deps, actor: string): Partial<PluginServices>;
  /**
   * its check of the rows a restore wrote (a backup is data from outside, and a restore bypasses the
   * API), inside the restore's transaction: the first row the API would not have stored, if any
   */
  checkRestored?(tx: DbOrTx, scope: RestoreScope): Promise<RefusedRow | undefined>;
  /** what the API server checks before it listens: a warning logged, or a throw that stops the start */
  checkAtStart?(deps: Deps): Promise<void>;
  /** work the API server starts before its first request (e.g. replaying the click spool) */
  start?(deps: Deps): void;
  /** the API server's shutdown, once no request is in flight and before the queue and database close */
  stop?(deps: Deps): Promise<void>;
  /** a worker process's shutdown (`npm run worker`), before its queue and database close */
  stopWorker?(deps: Deps): Promise<void>;
}
