import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/schema';
import { workspaces } from '../workspaces/schema';

export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** subscribed event types (SUBSCRIBABLE_EVENT_TYPES) */
    events: jsonb('events').$type<string[]>().notNull(),
    /** HMAC key of the signatures, sealed with the instance's secrets key (`webhook:<id>`) */
    secret: text('secret').notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * When it last became active (created, or resumed): an event older than this is not delivered,
     * though its delivery may be looked up or run after a resume (it came while the webhook was paused)
     */
    activeSince: timestamp('active_since', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_workspace_idx').on(t.workspaceId)],
);

/** One row per delivery attempt; kept 7 days. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** the payload's `id` */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** null when no response arrived */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    success: boolean('success').notNull(),
    error: text('error'),
    /** the JSON body sent (WebhookPayload), shown in the delivery log; null on rows from before migration 0017 */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt), index('webhook_deliveries_created_idx').on(t.createdAt)],
);
