import type { Static, TSchema } from '@sinclair/typebox';
import type { Actor, AccessRule, WorkspaceAccess } from '../core/access';
import type { Config } from '../core/config';
import type { EventMap, EventName, HookMap, HookName } from '../core/hooks';
import type { Logger } from '../core/logger';
import type { PluginServices } from '../core/module';
import type { PluginStore } from './plugin-store';

/**
 * The one import an extension plugin needs: `definePlugin`, the context it is given, and the few
 * kernel helpers a plugin's code uses (TypeBox `t`, `Int` for a JSON integer, `withExample`, and the
 * errors: `ApiError`, `badRequest`, `invalid`, `required`, … which answer `{error, field?, code}` as the modules' do).
 *
 * The context is a narrow facade built per plugin (app/plugins.ts): it can listen to events,
 * answer hooks, add routes, declare jobs and call typed services, and holds no reference to the
 * kernel's bus, database or queue, so a plugin cannot emit the kernel's events or bypass the services.
 */
export { t } from 'elysia';
export { ApiError, badRequest, conflict, forbidden, invalid, notFound, required, taken, tooLong, type ErrorCode, type ErrorDetail } from '../core/errors';
export { Int, withExample } from '../core/model';

export type { Actor, AccessRule, WorkspaceAccess } from '../core/access';
export type { EventMap, EventName, HookMap, HookName } from '../core/hooks';
export type { PluginStore } from './plugin-store';

type Awaitable<T> = T | Promise<T>;

/** A route under `/api/plugins/<plugin name>`, guarded by the same `access` rule as the modules' routes. */
export interface PluginRoute<Body extends TSchema | undefined, Query extends TSchema | undefined, Response extends TSchema> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** relative to `/api/plugins/<name>`, e.g. `/workspaces/:wsId/state`; role, plan and feature rules need `:wsId` */
  path: string;
  /** `true`: any valid API key or session; a rule: role, plan and feature minimums in the `:wsId` workspace */
  access: AccessRule | true;
  /** one line for the OpenAPI document */
  summary: string;
  /** a TypeBox schema with an example (`withExample`): the OpenAPI document offers it and tests send it */
  body?: Body;
  query?: Query;
  /** the success status (default 200) and the schema of its body */
  status?: 200 | 201;
  response: Response;
  /**
   * statuses the handler itself may answer by throwing `ApiError`; the kernel documents those of the
   * access rule and validation (401, 400, 402, 403, 404) and 500 / 503 itself
   */
  errors?: (400 | 402 | 403 | 404 | 409 | 410 | 429 | 502)[];
  handler(request: {
    body: Body extends TSchema ? Static<Body> : undefined;
    query: Query extends TSchema ? Static<Query> : undefined;
    params: Record<string, string>;
    actor: Actor;
    /** the `:wsId` workspace as the caller may use it (absent on routes without `:wsId`) */
    workspace: WorkspaceAccess;
  }): Awaitable<Static<Response>>;
}

/** A declared job: `enqueue` takes the payload its processor expects. */
export interface PluginJob<Payload> {
  /** the job's full name, `plugins.<plugin>.<job>` */
  readonly name: string;
  /** queue one run (`jobId`: a second job with the same id is ignored while the first exists) */
  enqueue(payload: Payload, opts?: { jobId?: string; delayMs?: number }): Promise<void>;
}

export type JobProcessor<Payload> = (payload: Payload, meta: { attempt: number }) => Promise<void>;
export interface JobOptions {
  /** run it on a schedule (its payload is then `{}`) */
  repeat?: Repeat;
}

/** How often a repeatable job runs: every `every` ms, or on a cron `pattern` (BullMQ: once per schedule across processes). */
export type Repeat = { every: number } | { pattern: string };

/**
 * Typed services: the same functions as the REST API, so validation, hooks, plan limits, events and
 * audit apply. Each module that offers a part declares it (`links`: get, list, create; `audit`: record).
 */
export type { PluginServices } from '../core/module';
export type { LinkCreate, LinkServices } from './modules';

type EventHandler<K extends EventName> = (payload: EventMap[K]) => Awaitable<void>;
type HookHandler<K extends HookName> = (payload: HookMap[K]) => Awaitable<void>;

export interface PluginContext {
  readonly name: string;
  readonly config: Config;
  /** logs with `plugin: <name>` */
  readonly log: Logger;
  /** an event, after the fact (detached; a failing handler is logged, never the caller's answer) */
  on<K extends EventName>(event: K, handler: EventHandler<K>): void;
  /** a hook, in the request: may change the payload or throw an `ApiError` (`invalid('target', …)` names the field); `order` places it among the modules' handlers (default 100) */
  hook<K extends HookName>(name: K, handler: HookHandler<K>, opts?: { order?: number }): void;
  /** `on` and `hook` under one name, as docs/interfaces name it: `ctx.hooks.on('link.created', …)` */
  readonly hooks: {
    on<K extends EventName>(event: K, handler: EventHandler<K>): void;
    on<K extends HookName>(name: K, handler: HookHandler<K>, opts?: { order?: number }): void;
  };
  route<Body extends TSchema | undefined = undefined, Query extends TSchema | undefined = undefined, Response extends TSchema = TSchema>(
    route: PluginRoute<Body, Query, Response>,
  ): void;
  /**
   * a job, run by the workers (BullMQ queue `plugins`) or in process on the embedded default; tried 3 times.
   * With a TypeBox `payload` schema, `enqueue` checks the payload against it and both sides are typed from it;
   * without, the type parameter types them. Returns the handle to queue it with.
   */
  job<Payload extends TSchema>(name: string, payload: Payload, processor: JobProcessor<Static<Payload>>, opts?: JobOptions): PluginJob<Static<Payload>>;
  job<Payload = Record<string, never>>(name: string, processor: JobProcessor<Payload>, opts?: JobOptions): PluginJob<Payload>;
  /** this plugin's durable key–value store, shared by every process (PostgreSQL, or the embedded database) */
  readonly store: PluginStore;
  readonly services: PluginServices;
}

export interface LinkhopPlugin {
  /** lower case letters, digits and hyphens: it names the routes (`/api/plugins/<name>`), jobs and audit actions */
  name: string;
  setup(ctx: PluginContext): Awaitable<void>;
}

/** Identity helper that gives plugin authors types: `export default definePlugin({ name, setup })`. */
export const definePlugin = (plugin: LinkhopPlugin): LinkhopPlugin => plugin;
