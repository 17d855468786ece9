import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One row per recorded visit, partitioned by month on `clicked_at` (drizzle/0012 creates the
 * partitioned table; drizzle-kit cannot express it). A narrow row: compact ids, no domain/slug text
 * (the link has them), no primary key and no foreign keys — a batch is stored once through
 * `click_batches`, and a deleted link's or workspace's clicks are removed by the click module's own
 * cleanup. Stats read the rollups below, and filtered stats the clicks of the days whose facet rows
 * are not made yet, through the one index, by workspace and time (one by link and time cost the clicks
 * worker's PostgreSQL ~6 µs more per click in bench/click-storage.ts).
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
  /** the A/B variant that served the visit (its name); null when the link had none */
  variant: text('variant'),
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

/** Clicks of one dimension by value ('' is unknown, or direct for the referrer): `{"DE": 3, "": 1}`. */
type ValueCounts = Record<string, number>;

/** A rollup row's counts: clicks, unique visitors (summed over its days) and each dimension's counts by value. */
const periodCounts = {
  clicks: bigint('clicks', { mode: 'number' }).notNull(),
  visitors: bigint('visitors', { mode: 'number' }).notNull(),
  country: jsonb('country').$type<ValueCounts>().notNull(),
  referrer: jsonb('referrer').$type<ValueCounts>().notNull(),
  browser: jsonb('browser').$type<ValueCounts>().notNull(),
  os: jsonb('os').$type<ValueCounts>().notNull(),
  device: jsonb('device').$type<ValueCounts>().notNull(),
  language: jsonb('language').$type<ValueCounts>().notNull(),
};

/**
 * Per link: one row per UTC day (`period` 'd', `start` the day) and one per UTC month ('m', `start`
 * its first day), written together by the clicks worker; a month row is always the sum of its days
 * (a link's month rows: clicks and visitors only, its counts by value stay empty).
 * A range reads whole months from month rows and the days at its ends from day rows (drizzle/0014).
 * And one per link and month ('c', its closed month) with the sums of its days already closed
 * (facets.ts), counts by value included, for the link's breakdowns (drizzle/0041, periods.ts).
 */
export const clickLinkPeriods = pgTable(
  'click_link_periods',
  {
    linkId: uuid('link_id').notNull(),
    period: char('period', { length: 1 }).$type<'d' | 'm' | 'c'>().notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    ...periodCounts,
  },
  (t) => [
    primaryKey({ name: 'click_link_periods_pk', columns: [t.linkId, t.period, t.start] }),
    index('click_link_periods_workspace_idx').on(t.workspaceId, t.period, t.start),
  ],
);

/** The same per workspace. */
export const clickWorkspacePeriods = pgTable(
  'click_workspace_periods',
  {
    workspaceId: uuid('workspace_id').notNull(),
    period: char('period', { length: 1 }).$type<'d' | 'm'>().notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    ...periodCounts,
  },
  (t) => [
    primaryKey({ name: 'click_workspace_periods_pk', columns: [t.workspaceId, t.period, t.start] }),
    // the workspaces with clicks on a day: whose link day rows the closing adds to their closed months (drizzle/0041)
    index('click_workspace_periods_day_idx').on(t.start).where(sql`${t.period} = 'd'`),
  ],
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

/** The dimensions a filter can combine (rollup.ts's DIMENSIONS but language): the facet rollups' columns, in this order. */
export const FACET_DIMENSIONS = ['country', 'referrer', 'browser', 'os', 'device'] as const;
export type FacetDimension = (typeof FACET_DIMENSIONS)[number];

/** The facet rollups' FACET_DIMENSIONS columns ('' is unknown, or direct for the referrer) and their clicks. */
const facetColumns = {
  country: text('country').notNull(),
  referrer: text('referrer').notNull(),
  browser: text('browser').notNull(),
  os: text('os').notNull(),
  device: text('device').notNull(),
  clicks: bigint('clicks', { mode: 'number' }).notNull(),
  /** a day row's clicks by UTC hour, 24 (hour 0 first; drizzle/0030); null in month rows, and where not known */
  hours: integer('hours').array(),
};

type FacetIndexed = { [K in 'workspaceId' | 'period' | 'start' | FacetDimension]: AnyPgColumn };

/**
 * An index per dimension, (workspace, period, value, day): a filter's rows straight, two filters
 * combined by the planner (drizzle/0027, which says why the link rows have two of them only).
 */
const facetIndexes = (table: string, t: FacetIndexed, dimensions: readonly FacetDimension[]) =>
  dimensions.map((d) => index(`${table}_${d}_idx`).on(t.workspaceId, t.period, t[d], t.start));

/**
 * Clicks per link, day ('d') or month ('m'), and combination of the visitor's dimensions: what
 * filtered stats read (`country = 'DE' and device = 'mobile'` needs the combinations, which the
 * per-dimension counts of the period rows do not keep). A month row is the sum of its days.
 */
export const clickLinkFacets = pgTable(
  'click_link_facets',
  {
    linkId: uuid('link_id').notNull(),
    period: char('period', { length: 1 }).$type<'d' | 'm'>().notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    ...facetColumns,
  },
  (t) => [
    primaryKey({ name: 'click_link_facets_pk', columns: [t.linkId, t.period, t.start, t.country, t.referrer, t.browser, t.os, t.device] }),
    ...facetIndexes('click_link_facets', t, ['country', 'referrer']),
  ],
);

/** The same per workspace (workspace-wide filters on visitor dimensions read these: fewer rows than the links'). */
export const clickWorkspaceFacets = pgTable(
  'click_workspace_facets',
  {
    workspaceId: uuid('workspace_id').notNull(),
    period: char('period', { length: 1 }).$type<'d' | 'm'>().notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    ...facetColumns,
    /** a month row's clicks by ISO weekday and UTC hour, 168 (Monday 0h first; drizzle/0031): its day rows' hours; null in day rows */
    weekHours: integer('week_hours').array(),
  },
  (t) => [
    primaryKey({ name: 'click_workspace_facets_pk', columns: [t.workspaceId, t.period, t.start, t.country, t.referrer, t.browser, t.os, t.device] }),
    ...facetIndexes('click_workspace_facets', t, FACET_DIMENSIONS),
  ],
);

/** The slice tables' leading columns: the workspace, the slice (which dimensions, which values) and the month or day. */
const sliceKey = {
  workspaceId: uuid('workspace_id').notNull(),
  dimensions: smallint('dimensions').notNull(),
  /** COLLATE "C" in drizzle/0032: compared byte by byte */
  vals: text('vals').array().notNull(),
  start: date('start', { mode: 'string' }).notNull(),
};

/**
 * A link's clicks per UTC month under each value of one dimension, and under each pair of values of
 * two (drizzle/0032): `dimensions` the FACET_DIMENSIONS bits (country 1, referrer 2, browser 4, os 8,
 * device 16), `vals` their values in that order. A workspace's top links under one or two filters
 * read a few rows per link and month here, where the link facet rows hold every combination of all
 * five (a year of Safari + iOS: ~110,000 rows there). Written with the link month facet rows, their sums.
 */
export const clickLinkSlices = pgTable(
  'click_link_slices',
  {
    ...sliceKey,
    linkId: uuid('link_id').notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'click_link_slices_pk', columns: [t.workspaceId, t.dimensions, t.vals, t.start, t.linkId] })],
);

/**
 * The same per workspace and UTC day, the sums of the workspace facet day rows: a workspace's daily
 * series and totals under one or two filters read a row per day.
 */
export const clickWorkspaceSlices = pgTable(
  'click_workspace_slices',
  {
    ...sliceKey,
    clicks: bigint('clicks', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'click_workspace_slices_pk', columns: [t.workspaceId, t.dimensions, t.vals, t.start] })],
);

/**
 * One row: the first UTC day whose facet rows are not made yet (drizzle/0029; none before the first
 * closing: every day closed). Days before it are closed: closeFacetDays made their rows from the raw
 * clicks, and a click of such a day stored later goes in with its batch. Filtered stats read the days
 * from it on from the raw clicks.
 */
export const clickFacetsClosed = pgTable('click_facets_closed', {
  one: boolean('one').primaryKey().default(true),
  until: date('until', { mode: 'string' }).notNull(),
});

/** Visits by bots (curl, headless browsers, crawlers) per link and UTC day: counted aside, never as clicks. */
export const linkBotDays = pgTable(
  'link_bot_days',
  {
    workspaceId: uuid('workspace_id').notNull(),
    linkId: uuid('link_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visits: bigint('visits', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'link_bot_days_pk', columns: [t.linkId, t.day] }), index('link_bot_days_workspace_day_idx').on(t.workspaceId, t.day)],
);
