import { pageWindow } from '../../core/model';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db';
import type { Deps } from '../../core/deps';
import { badRequest, notFound, required } from '../../core/errors';
import { iso, newId } from '../../core/format';
import { SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_EVENT_TYPES, type EventMap, type WebhookEventType } from '../../core/hooks';
import { resolveOutboundTarget, UnsafeUrlError } from '../../core/outbound';
import { withinPlanLimit } from '../../core/plan-limits';
import { hasFeature, LIMITS, type Plan } from '../../core/plans';
import { isSealed, openStored, SEALED_ELSEWHERE } from '../../core/secrets';
import { usersByIds } from '../members';
import { rememberedWorkspace } from '../workspaces';
import { postPayload, webhookUrlPolicy, type WebhookPayload } from './delivery';
import { webhookDeliveries, webhooks } from './schema';

type WebhookRow = typeof webhooks.$inferSelect;

const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/**
 * The signing secret is kept sealed with the instance's secrets key, bound to its webhook (a sealed
 * value copied onto another webhook does not open there): the database alone signs nothing.
 */
const sealContext = (webhookId: string) => `webhook:${webhookId}`;
const sealSecret = (deps: Pick<Deps, 'secrets'>, webhookId: string, secret: string) => deps.secrets.seal(secret, sealContext(webhookId));

/** Seals the signing secrets written in clear before they were sealed (once, at start; reads take either meanwhile). */
export async function sealPlainSecrets(deps: Pick<Deps, 'db' | 'secrets' | 'log'>) {
  const rows = await deps.db.select({ id: webhooks.id, secret: webhooks.secret }).from(webhooks);
  const plain = rows.filter((row) => !isSealed(row.secret));
  for (const row of plain)
    await deps.db
      .update(webhooks)
      .set({ secret: sealSecret(deps, row.id, row.secret) })
      .where(and(eq(webhooks.id, row.id), eq(webhooks.secret, row.secret)));
  if (plain.length) deps.log.info({ webhooks: plain.length }, 'webhook signing secrets sealed with the secrets key');
}

function webhookView(row: WebhookRow, createdByEmail: string | null) {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    active: row.active,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    created_by_email: createdByEmail,
  };
}

type SubscribableEventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];

/** Only known event types, each once; at least one. */
function parseEvents(events: string[]): string[] {
  if (!events.length) throw badRequest('events must list at least one event type', { field: 'events', code: 'required' });
  const unknown = events.find((e) => !(SUBSCRIBABLE_EVENT_TYPES as readonly string[]).includes(e));
  if (unknown !== undefined)
    throw badRequest(`Invalid event type "${unknown.slice(0, 100)}": expected any of ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}`, {
      field: `events.${events.indexOf(unknown)}`,
    });
  return [...new Set(events)];
}

/** The SSRF guard at save time; deliveries check again. */
async function checkUrl(deps: Deps, url: string): Promise<string> {
  try {
    await resolveOutboundTarget(url, webhookUrlPolicy(deps.config));
    return url;
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw badRequest(error.message, { field: 'url' });
    throw error;
  }
}

export interface Caller {
  workspaceId: string;
  userId: string;
}

export async function createWebhook(deps: Deps, caller: Caller & { plan: Plan }, input: { name: string; url: string; events: string[] }) {
  const name = input.name.trim();
  if (!name) throw required('name');
  const events = parseEvents(input.events);
  const url = await checkUrl(deps, input.url);
  const secret = newSecret();
  const row = await deps.db.transaction(async (tx) => {
    await withinPlanLimit(tx, {
      resource: 'webhooks',
      scopeId: caller.workspaceId,
      plan: caller.plan,
      count: () => tx.$count(webhooks, eq(webhooks.workspaceId, caller.workspaceId)),
    });
    const id = newId();
    const [inserted] = await tx
      .insert(webhooks)
      .values({ id, workspaceId: caller.workspaceId, name, url, events, secret: sealSecret(deps, id, secret), createdBy: caller.userId })
      .returning();
    return inserted!;
  });
  await subscriptionsChanged(deps, caller.workspaceId);
  return { id: row.id, name: row.name, url: row.url, events: row.events, secret, active: row.active, created_at: iso(row.createdAt) };
}

/** The webhooks as the API shows them, with their creators' addresses (null once the creator is gone). */
async function withEmails(db: Db, rows: WebhookRow[]) {
  const creators = await usersByIds(db, [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))]);
  return rows.map((r) => webhookView(r, (r.createdBy && creators.get(r.createdBy)?.email) || null));
}

export async function listWebhooks(db: Db, workspaceId: string) {
  return withEmails(db, await db.select().from(webhooks).where(eq(webhooks.workspaceId, workspaceId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id)));
}

export async function getWebhook(db: Db, workspaceId: string, webhookId: string) {
  const rows = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.workspaceId, workspaceId)));
  if (!rows.length) throw notFound('Webhook');
  return (await withEmails(db, rows))[0]!;
}

async function getOwnWebhook(db: Db, workspaceId: string, webhookId: string): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.workspaceId, workspaceId)));
  if (!row) throw notFound('Webhook');
  return row;
}

export interface WebhookPatch {
  name?: string;
  url?: string;
  events?: string[];
  active?: boolean;
}

export async function updateWebhook(deps: Deps, workspaceId: string, webhookId: string, patch: WebhookPatch) {
  if (!Object.values(patch).some((v) => v !== undefined)) throw badRequest('No updates provided');
  await getOwnWebhook(deps.db, workspaceId, webhookId);
  const now = new Date();
  const set: PgUpdateSetSource<typeof webhooks> = { updatedAt: now };
  if (patch.name !== undefined) {
    if (!patch.name.trim()) throw badRequest('name cannot be empty', { field: 'name', code: 'required' });
    set.name = patch.name.trim();
  }
  if (patch.events !== undefined) set.events = parseEvents(patch.events);
  if (patch.url !== undefined) set.url = await checkUrl(deps, patch.url);
  if (patch.active !== undefined) set.active = patch.active;
  // resumed: events from before now came while it was paused (their deliveries may still run)
  if (patch.active) set.activeSince = sql`case when ${webhooks.active} then ${webhooks.activeSince} else ${now.toISOString()}::timestamptz end`;
  const updated = await deps.db
    .update(webhooks)
    .set(set)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.workspaceId, workspaceId)))
    .returning({ id: webhooks.id });
  if (!updated.length) throw notFound('Webhook');
  await subscriptionsChanged(deps, workspaceId);
}

/** Deliveries go with it (foreign-key cascade). */
export async function deleteWebhook(deps: Deps, workspaceId: string, webhookId: string) {
  const deleted = await deps.db
    .delete(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.workspaceId, workspaceId)))
    .returning({ id: webhooks.id });
  if (!deleted.length) throw notFound('Webhook');
  await subscriptionsChanged(deps, workspaceId);
}

/** Deliveries read the secret when they are sent, so the old one stops working at once. */
export async function rotateSecret(deps: Pick<Deps, 'db' | 'secrets'>, workspaceId: string, webhookId: string) {
  const secret = newSecret();
  const updated = await deps.db
    .update(webhooks)
    .set({ secret: sealSecret(deps, webhookId, secret), updatedAt: new Date() })
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.workspaceId, workspaceId)))
    .returning({ id: webhooks.id });
  if (!updated.length) throw notFound('Webhook');
  return { secret };
}

/** The attempt logged when the signing secret does not open: nothing is sent unsigned or signed wrong. */
const unsignable = () => ({
  statusCode: null,
  durationMs: 0,
  error: `Not sent: the signing secret is ${SEALED_ELSEWHERE} (restored without the instance's secrets key?). Rotate the secret.`,
});

/** Sends one payload now and logs the attempt. */
async function deliverNow(deps: Deps, webhook: WebhookRow, payload: WebhookPayload) {
  const secret = openStored(deps.secrets, webhook.secret, sealContext(webhook.id));
  if (secret === undefined) deps.log.warn({ webhook_id: webhook.id }, `webhook signing secret ${SEALED_ELSEWHERE}: delivery not sent`);
  const result = secret === undefined ? unsignable() : await postPayload(deps.config, { ...webhook, secret }, payload);
  const success = result.error === null;
  await deps.db.insert(webhookDeliveries).values({
    webhookId: webhook.id,
    eventId: payload.id,
    eventType: payload.type,
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    success,
    error: result.error,
    payload: { ...payload },
  });
  return { status_code: result.statusCode, success, duration_ms: result.durationMs, error: result.error };
}

export const payloadOf = (type: string, workspaceId: string, data: Record<string, unknown>, at = new Date()): WebhookPayload => ({
  id: newId(),
  type,
  workspace_id: workspaceId,
  timestamp: at.toISOString(),
  data,
});

/**
 * The test endpoint: a `webhook.test` delivery sent synchronously to this webhook whatever it
 * subscribes to (and whether or not it is paused), logged like any delivery.
 */
export async function testWebhook(deps: Deps, caller: Caller, webhookId: string) {
  const webhook = await getOwnWebhook(deps.db, caller.workspaceId, webhookId);
  const data = { webhook_id: webhook.id, message: 'Test event from Linkhop' };
  const result = await deliverNow(deps, webhook, payloadOf('webhook.test', caller.workspaceId, data));
  // extension plugins see the test event too; this module's own subscription skips it
  deps.bus.emit('webhook.test', { workspaceId: caller.workspaceId, userId: caller.userId, data });
  return result;
}

export async function listDeliveries(db: Db, workspaceId: string, webhookId: string, q: { page?: number; limit?: number; success?: boolean }) {
  await getOwnWebhook(db, workspaceId, webhookId);
  const { page, limit, offset } = pageWindow(q);
  const where: SQL[] = [eq(webhookDeliveries.webhookId, webhookId)];
  if (q.success !== undefined) where.push(eq(webhookDeliveries.success, q.success));
  const condition = and(...where);
  const [rows, total] = await Promise.all([
    db.select().from(webhookDeliveries).where(condition).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit).offset(offset),
    db.$count(webhookDeliveries, condition),
  ]);
  return {
    deliveries: rows.map((r) => ({
      id: r.id,
      event_id: r.eventId,
      event_type: r.eventType,
      status_code: r.statusCode,
      duration_ms: r.durationMs,
      success: r.success,
      error: r.error,
      payload: r.payload,
      created_at: iso(r.createdAt),
    })),
    total,
    page,
    limit,
  };
}

// ---- delivery of bus events -------------------------------------------------------------------

const SUBSCRIPTIONS_MEMO_MS = 60_000;
const subscriptionsCacheKey = (workspaceId: string) => `webhooks:active:${workspaceId}`;

/**
 * The active webhooks of a workspace and their event types: every link write emits an event, so
 * this is remembered in process; creating, changing or deleting a webhook drops it in every process.
 */
const activeSubscriptions = (deps: Deps, workspaceId: string) =>
  deps.cache.remember(subscriptionsCacheKey(workspaceId), SUBSCRIPTIONS_MEMO_MS, () =>
    deps.db
      .select({ id: webhooks.id, events: webhooks.events })
      .from(webhooks)
      .where(and(eq(webhooks.workspaceId, workspaceId), eq(webhooks.active, true))),
  );

const subscriptionsChanged = (deps: Deps, workspaceId: string) => deps.cache.invalidate(subscriptionsCacheKey(workspaceId));

export interface DeliverJob {
  webhookId: string;
  payload: WebhookPayload;
}

/**
 * A bus event → one `webhooks.deliver` job per active webhook of the workspace subscribed to its
 * type. Paused webhooks are skipped: their events are dropped, not queued. One attempt only:
 * deliveries are never retried automatically.
 */
export async function enqueueDeliveries<K extends WebhookEventType>(deps: Deps, type: K, event: EventMap[K]) {
  // the event's time, taken as it is emitted: the subscriptions may be read after a pause and a
  // resume that came later (the request answered meanwhile), and the delivery then drops it
  const at = new Date();
  for (const webhookId of await subscribedWebhooks(deps, event.workspaceId, type)) {
    await enqueueDelivery(deps, webhookId, payloadOf(type, event.workspaceId, event.data as Record<string, unknown>, at));
  }
}

/** The ids of a workspace's active webhooks subscribed to `type`; none while the workspace's plan has no webhooks. */
export async function subscribedWebhooks(deps: Deps, workspaceId: string, type: SubscribableEventType): Promise<string[]> {
  const subscriptions = (await activeSubscriptions(deps, workspaceId)) ?? [];
  const targets = subscriptions.filter((s) => s.events.includes(type));
  if (!targets.length) return [];
  // a workspace moved below Pro keeps its webhooks (for an upgrade) but gets no deliveries
  const workspace = await rememberedWorkspace(deps, workspaceId);
  if (!workspace || !hasFeature(workspace.plan, 'webhooks')) return [];
  return targets.map((s) => s.id);
}

/** One `webhooks.deliver` job, keyed by the payload's id (queued twice, it runs once). */
export const enqueueDelivery = (deps: Deps, webhookId: string, payload: WebhookPayload) =>
  deps.queue.enqueue('webhooks.deliver', { webhookId, payload }, { jobId: payload.id, attempts: 1 });

const forwarding = new WeakSet<object>();

/**
 * Subscribes the delivery queue to every webhook event type on the bus, once per bus: the app
 * calls it, and so do processes that emit events without the app (workers, CLI). `webhook.test`
 * is left out: the test endpoint delivers it synchronously itself.
 */
export function forwardEventsToWebhooks(deps: Deps) {
  if (forwarding.has(deps.bus)) return;
  forwarding.add(deps.bus);
  for (const type of WEBHOOK_EVENT_TYPES) {
    if (type === 'webhook.test') continue;
    deps.bus.on(type, (event) => enqueueDeliveries(deps, type, event), { source: 'webhooks' });
  }
}

/**
 * How far back a delivery job looks for its own earlier run. A job runs again when its completion
 * never reached Redis (a Redis primary lost before its replica had it, a worker killed between the
 * POST and the acknowledgement); that happens within a job lock's lapse, so minutes are plenty, and
 * the window keeps the lookup on the (webhook, time) index.
 */
const RERUN_WINDOW_MS = 3_600_000;

/** Sends the job's event, unless the delivery log shows this event already sent to this webhook: a delivery is made once. */
export async function runDeliverJob(deps: Deps, job: DeliverJob) {
  const [webhook] = await deps.db.select().from(webhooks).where(eq(webhooks.id, job.webhookId));
  // paused now, or paused when the event came and resumed since
  if (!webhook?.active || Date.parse(job.payload.timestamp) < webhook.activeSince.getTime()) return;
  const [earlier] = await deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhook.id),
        gt(webhookDeliveries.createdAt, new Date(Date.now() - RERUN_WINDOW_MS)),
        eq(webhookDeliveries.eventId, job.payload.id),
      ),
    )
    .limit(1);
  if (earlier) return;
  await deliverNow(deps, webhook, job.payload);
}

/** Delivery logs are kept 7 days. */
export async function pruneDeliveries(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - LIMITS.webhookLogDays * 24 * 3600 * 1000);
  const deleted = await db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, cutoff)).returning({ id: webhookDeliveries.id });
  return deleted.length;
}
