import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

/** The columns of what a link says (each one a field of fields.ts's LINK_FIELDS), beside the link's identity and bookkeeping columns. */
const linkFieldColumns = {
  title: text('title'),
  tags: text('tags').array(),
  note: text('note'),
  utmParams: jsonb('utm_params').$type<Record<string, string>>(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  fallbackUrl: text('fallback_url'),
  routingRules: jsonb('routing_rules').$type<Record<string, unknown>>(),
  rules: jsonb('rules').$type<unknown[]>(),
  abVariants: jsonb('ab_variants').$type<unknown[]>(),
  ogTitle: text('og_title'),
  ogDescription: text('og_description'),
  ogImage: text('og_image'),
  /** argon2id (Bun.password); the password itself is never stored */
  passwordHash: text('password_hash'),
  redirectType: integer('redirect_type').notNull().default(302),
  interstitial: jsonb('interstitial').$type<Record<string, unknown>>(),
  sequence: jsonb('sequence').$type<Record<string, unknown>>(),
  deepLink: jsonb('deep_link').$type<Record<string, unknown>>(),
  /** checked by the broken-link monitor (Pro+) */
  monitoring: boolean('monitoring').notNull().default(false),
  /** a visit's target gets `lh_cid=<click id>` (Pro+; modules/conversions) */
  trackConversions: boolean('track_conversions').notNull().default(false),
  externalId: text('external_id'),
};

export const links = pgTable(
  'links',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** host of the short link: the default domain or one of the workspace's custom domains */
    domain: text('domain').notNull(),
    slug: text('slug').notNull(),
    target: text('target').notNull(),
    ...linkFieldColumns,
    /** set once by the visit that fires `link.expired` (UPDATE … WHERE expired_event_sent_at IS NULL) */
    expiredEventSentAt: timestamp('expired_event_sent_at', { withTimezone: true }),
    clickCount: bigint('click_count', { mode: 'number' }).notNull().default(0),
    /** clicks another tool counted before the link was imported: shown apart, never added to `clickCount` */
    importedClicks: bigint('imported_clicks', { mode: 'number' }).notNull().default(0),
    /** the tool (import format) the link came from, when imported */
    importedFrom: text('imported_from'),
    /** user ID of the creator */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('links_domain_slug_idx').on(t.domain, t.slug),
    index('links_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('links_tags_idx').using('gin', t.tags),
    index('links_monitoring_idx').on(t.id).where(sql`${t.monitoring}`),
  ],
);
