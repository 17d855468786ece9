import { bigint, date, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per recorded visit, partitioned by month on `clicked_at` (drizzle/0012 creates the
 * partitioned table; drizzle-kit cannot express it). A narrow row: compact ids, no domain/slug text
 * (the link has them), no primary key and no foreign keys — a batch is stored once through
 * `click_batches`, and a deleted link's or workspace's clicks are removed by the click module's own
 * cleanup. Stats never read this table: they read the rollups below.
 */
export const clicks = pgTable('clicks', {
  /** made at redirect time from the batch id: the click export's row id */
  id: uuid('id').notNull(),
  linkId: uuid('link_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
  /** ISO country code */
  country: text('country'),
  referer: text('referer'),
  browser: text('browser'),
  os: text('os'),
  /** desktop, mobile or tablet */
  device: text('device'),
  language: text('language'),
});

/** Ids of the `clicks.record` batches stored: a re-delivered batch is skipped whole. */
export const clickBatches = pgTable('click_batches', {
  id: uuid('id').primaryKey(),
  storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Clicks and unique visitors per link per UTC hour (a visitor counts in the hour of their first visit that day). */
export const clickLinkHours = pgTable(
  'click_link_hours',
  {
    linkId: uuid('link_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
    visitors: bigint('visitors', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.hour] })],
);

/** The same per workspace. */
export const clickWorkspaceHours = pgTable(
  'click_workspace_hours',
  {
    workspaceId: uuid('workspace_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
    visitors: bigint('visitors', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.hour] })],
);

/**
 * Clicks per link per UTC day by one dimension's value (country, device, browser, os, referrer
 * host, language); '' is unknown (or direct, for the referrer).
 */
export const clickLinkDays = pgTable(
  'click_link_days',
  {
    linkId: uuid('link_id').notNull(),
    dimension: text('dimension').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: text('value').notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.dimension, t.day, t.value] })],
);

/** The same per workspace, plus dimension `link` (value: the link id) for a workspace's top links. */
export const clickWorkspaceDays = pgTable(
  'click_workspace_days',
  {
    workspaceId: uuid('workspace_id').notNull(),
    dimension: text('dimension').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    value: text('value').notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.dimension, t.day, t.value] })],
);

/**
 * Visitors already counted today, per link or workspace (`scope`): a hash of the visitor under the
 * day's salt, kept two days (late batches), then deleted with the salt. Never exposed.
 */
export const clickVisitors = pgTable(
  'click_visitors',
  {
    scope: uuid('scope').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: bigint('visitor', { mode: 'bigint' }).notNull(),
    /** UTC hour of the first visit */
    hour: smallint('hour').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day, t.visitor] })],
);

/** The random salt of each UTC day's visitor hashes; deleted after two days, so older hashes cannot be linked to anyone. */
export const clickSalts = pgTable('click_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: bigint('salt', { mode: 'bigint' }).notNull(),
});
