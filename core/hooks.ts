import type { ClickRecord, LinkSnapshot, LinkValidate, Visitor } from './hook-types';
import type { Logger } from './logger';
import { countEventHandlerFailure } from './metrics';
import type { Plan, Role } from './plans';

export type { ClickRecord, Device, LinkSnapshot, LinkValidate, Visitor, WorkspaceSnapshot } from './hook-types';

/**
 * The typed hook bus. Two kinds of names:
 * - events (EventMap): facts that happened, emitted after commit; handlers run detached,
 *   their errors are logged and never reach the request. Every webhook event type a subscriber can receive.
 * - hooks (HookMap): extension points awaited in registration order (or `order`); a handler may
 *   throw an ApiError (e.g. `link.beforeCreate` rejecting with 400) or mutate the context.
 * Every name and payload is declared here (module-specific payload types in hook-types.ts), so a
 * module or plugin sees them all typed without importing the module that emits them. The bus carries
 * facts and extension points only: a question to another module is a call to its public functions.
 */

export interface WorkspaceEvent<D> {
  workspaceId: string;
  /** acting user, when a user caused it */
  userId?: string | null;
  data: D;
}

export interface EventMap {
  'link.created': WorkspaceEvent<{ id: string; domain: string; slug: string; target: string; title: string | null; short_url: string }>;
  'link.updated': WorkspaceEvent<{ id: string; changes: Record<string, unknown> }>;
  'link.deleted': WorkspaceEvent<{ id: string; domain: string; slug: string }>;
  'link.expired': WorkspaceEvent<{ id: string; domain: string; slug: string; expires_at: string }>;
  'link.broken': WorkspaceEvent<{ id: string; domain: string; slug: string; target: string; status_code: number }>;
  'link.recovered': WorkspaceEvent<{ id: string; domain: string; slug: string; target: string; short_url: string; status_code: number }>;
  'domain.added': WorkspaceEvent<{ id: string; domain: string }>;
  'domain.verified': WorkspaceEvent<{ id: string; domain: string }>;
  'domain.removed': WorkspaceEvent<{ id: string; domain: string; links_deleted: number }>;
  'member.added': WorkspaceEvent<{ user_id: string; email: string; role: Role }>;
  'member.removed': WorkspaceEvent<{ user_id: string; email: string }>;
  'member.role_changed': WorkspaceEvent<{ user_id: string; old_role: Role; new_role: Role }>;
  /** not a webhook event: a key that no longer opens anything (what holds one open, the live stream, closes) */
  'api_key.deleted': WorkspaceEvent<{ id: string; name: string }>;
  /** not a webhook event: dashboard sessions ended (sign out, one session, "sign out everywhere") */
  'sessions.ended': { userId: string; sessionIds: string[] };
  'webhook.test': WorkspaceEvent<{ webhook_id: string; message: string }>;
  'lead.created': WorkspaceEvent<{
    lead_id: string;
    click_id: string;
    link_id: string;
    customer_id: string;
    event_name: string;
    customer_email: string | null;
    customer_name: string | null;
    metadata: Record<string, unknown> | null;
    created_at: string;
  }>;
  'sale.created': WorkspaceEvent<{
    sale_id: string;
    lead_id: string;
    link_id: string;
    customer_id: string;
    event_name: string;
    /** integer, in the currency's minor units */
    amount: number;
    currency: string;
    invoice_id: string | null;
    metadata: Record<string, unknown> | null;
    created_at: string;
  }>;
}

export type EventName = keyof EventMap;

/** The webhook event types a subscription may name, in the order the API documents them. */
export const WEBHOOK_EVENT_TYPES = [
  'link.created',
  'link.updated',
  'link.deleted',
  'link.expired',
  'link.broken',
  'link.recovered',
  'domain.added',
  'domain.verified',
  'domain.removed',
  'member.added',
  'member.removed',
  'member.role_changed',
  'webhook.test',
  'lead.created',
  'sale.created',
] as const satisfies readonly EventName[];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Every event type a webhook may subscribe to: the bus events above, then `link.clicked`, an
 * addition to the spec's list. It is no bus event (one per visit would cost the redirect path): the
 * webhooks module derives it from stored click batches (`clicks.recorded`) and delivers clicks in batches.
 */
export const SUBSCRIBABLE_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, 'link.clicked'] as const;

/**
 * A link's create input as a `link.beforeCreate` hook sees it: the fields of the links module's create
 * body, by their API names, values not yet checked (a bulk item or an import row reaches the hooks
 * before any validation). Core knows no module, so the field names are not typed here.
 */
export type LinkCreateInput = Record<string, unknown>;

/** What a `link.beforeCreate` hook sees: the link about to be written, before validation of the row. */
export interface LinkBeforeCreate {
  workspaceId: string;
  plan: Plan;
  userId: string;
  source: 'single' | 'bulk' | 'import' | 'mcp' | 'plugin';
  /** the create body; hooks may fill defaults (templates) or reject it (governance) */
  link: LinkCreateInput;
}

/**
 * One `redirect.resolve` stage sees the resolved link and the visitor and may set `target`
 * (routing stages) or mark the response (deep link, interstitial). Stages run in `order`, the
 * product's decision order: sequence 10, rules engine 20, legacy routing 30, A/B 40, default 50,
 * deep link 60, UTM 70, conversion click id 75, pages (deep-link app page 80, interstitial 81, retargeting 82).
 * A stage that needs no I/O should not be `async`: the pipeline stays synchronous then (hot path).
 */
export interface RedirectResolve {
  link: LinkSnapshot;
  visitor: Visitor;
  target: string;
  /** true once a routing stage chose the target: later routing stages leave it alone */
  routed: boolean;
  /**
   * The id of this visit's click (the id it is stored under): reading it records the click at once
   * (conversion tracking puts it in the target). Absent when the visit is not counted (HEAD, a bot).
   */
  readonly clickId?: string;
  /** the A/B variant (its name) that chose the target, set by the A/B stage: recorded with the click */
  variant?: string;
  /** Set-Cookie header values to send with the answer */
  setCookies: string[];
  /** replaces the redirect with a page (deep-link detection, interstitial, retargeting): a Response, or HTML served with 200 */
  page?: Response | string;
  /** set by the deep-link stage (60) when the app-detection page is to be shown (rendered at 80) */
  appLaunch?: { appUrl: string; storeUrl: string | null };
  /** a plugin's stage may carry its own facts to a later stage */
  [extra: string]: unknown;
}

export interface HookMap {
  'link.beforeCreate': LinkBeforeCreate;
  'redirect.resolve': RedirectResolve;
  'link.validate': LinkValidate;
  /**
   * after a batch is stored, with only the rows inserted now (never twice for one click): analytics
   * forwarding enqueues here. `clicks` is built on first read (a batch is up to 10,000 records): a
   * listener that wants some workspaces' clicks only checks `workspaceIds` first.
   */
  'clicks.recorded': { clicks: ClickRecord[]; workspaceIds: string[] };
  /**
   * a domain was added, verified or removed: run (awaited) after commit and before the write
   * answers, so that every process drops its cached copy first (the events go to webhooks)
   */
  'domain.changed': { domain: string };
  /** a workspace's settings or plan changed, or it was deleted: drop cached copies */
  'workspace.changed': { workspaceId: string };
}

export type HookName = keyof HookMap;
type Handler<T> = (payload: T) => void | Promise<void>;
interface Registration {
  handler: Handler<any>;
  order: number;
  source: string;
}

export class HookBus {
  private readonly handlers = new Map<string, Registration[]>();
  /** `handlersOf` answers, kept until a handler of that name comes or goes (the redirect path asks on every visit) */
  private readonly runLists = new Map<string, Handler<any>[]>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log?: Logger) {}

  on<K extends EventName>(name: K, handler: Handler<EventMap[K]>, opts?: { order?: number; source?: string }): () => void;
  on<K extends HookName>(name: K, handler: Handler<HookMap[K]>, opts?: { order?: number; source?: string }): () => void;
  on(name: string, handler: Handler<any>, opts: { order?: number; source?: string } = {}): () => void {
    const list = this.handlers.get(name) ?? [];
    const reg = { handler, order: opts.order ?? 100, source: opts.source ?? 'core' };
    list.push(reg);
    list.sort((a, b) => a.order - b.order);
    this.handlers.set(name, list);
    this.runLists.delete(name);
    return () => {
      const current = this.handlers.get(name) ?? [];
      this.handlers.set(
        name,
        current.filter((r) => r !== reg),
      );
      this.runLists.delete(name);
    };
  }

  /** Handlers registered for a name now, in run order: the same array until one comes or goes (cheap to ask per visit). */
  handlersOf<K extends HookName>(name: K): Handler<HookMap[K]>[] {
    let list = this.runLists.get(name);
    if (!list) this.runLists.set(name, (list = (this.handlers.get(name) ?? []).map((r) => r.handler)));
    return list;
  }

  /** Fire an event after the fact. Never throws; handler failures are logged. */
  emit<K extends EventName>(name: K, payload: EventMap[K]): Promise<void> {
    const list = this.handlers.get(name);
    if (!list?.length) return Promise.resolve();
    const run = (async () => {
      for (const { handler, source } of list) {
        try {
          await handler(payload);
        } catch (error) {
          // an event is not retried: the log line and the metric are all that is left of the failure
          this.log?.error({ err: error, event: name, source }, 'event handler failed; the event is not retried');
          countEventHandlerFailure(name, source);
        }
      }
    })();
    this.pending.add(run);
    run.finally(() => this.pending.delete(run));
    return run;
  }

  /** Run a hook's handlers in order, awaiting each; a handler's error propagates to the caller. */
  async run<K extends HookName>(name: K, ctx: HookMap[K]): Promise<HookMap[K]> {
    const list = this.handlers.get(name);
    if (list) for (const { handler } of list) await handler(ctx);
    return ctx;
  }

  /** Detached event handlers still running (a test waiting for a chain of events and jobs asks it). */
  get pendingEvents(): number {
    return this.pending.size;
  }

  /** Wait for detached event handlers (graceful shutdown, tests). */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
