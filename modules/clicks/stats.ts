import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { clicks } from './schema';

/**
 * Read side of the click table for stats and portfolio pages. Every query filters on
 * `workspace_id` (+ `clicked_at`) or `link_id` (+ `clicked_at`), the two click indexes.
 */
export interface ClickFilter {
  workspaceId: string;
  /** only this link's clicks */
  linkId?: string;
  /** inclusive */
  from?: Date;
  /** exclusive */
  to?: Date;
}

function where(f: ClickFilter): SQL {
  const conditions: SQL[] = [eq(clicks.workspaceId, f.workspaceId)];
  if (f.linkId) conditions.push(eq(clicks.linkId, f.linkId));
  if (f.from) conditions.push(gte(clicks.clickedAt, f.from));
  if (f.to) conditions.push(lt(clicks.clickedAt, f.to));
  return and(...conditions)!;
}

/** Start of the current UTC day. */
export function utcDayStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** All clicks, clicks since `todayStart`, and distinct known countries, in one pass (one link's clicks). */
export async function clickTotals(db: DbOrTx, f: ClickFilter, todayStart: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      today: sql<number>`(count(*) filter (where ${clicks.clickedAt} >= ${todayStart.toISOString()}::timestamptz))::int`,
      countries: sql<number>`count(distinct ${clicks.country})::int`,
    })
    .from(clicks)
    .where(where(f));
  return { total_clicks: row?.total ?? 0, today_clicks: row?.today ?? 0, total_countries: row?.countries ?? 0 };
}

/** Clicks of a workspace since `since`: a range of the (workspace_id, clicked_at) index. */
export async function countClicksSince(db: DbOrTx, workspaceId: string, since: Date): Promise<number> {
  return db.$count(clicks, and(eq(clicks.workspaceId, workspaceId), gte(clicks.clickedAt, since)));
}

/**
 * Distinct known countries of a workspace by a loose index scan of (workspace_id, country):
 * one index probe per country instead of reading every click (the summary at 1,000,000 rows).
 */
export async function countCountries(db: DbOrTx, workspaceId: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    with recursive found as (
      (select ${clicks.country} as country from ${clicks}
        where ${clicks.workspaceId} = ${workspaceId} and ${clicks.country} is not null order by ${clicks.country} limit 1)
      union all
      select (select ${clicks.country} from ${clicks}
               where ${clicks.workspaceId} = ${workspaceId} and ${clicks.country} > found.country order by ${clicks.country} limit 1)
      from found where found.country is not null
    )
    select count(country)::int as n from found`);
  // postgres.js answers an array of rows, PGlite an object carrying `rows`
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows) as { n: number }[];
  return rows[0]?.n ?? 0;
}

/** Clicks per UTC day (`YYYY-MM-DD` → count); days without clicks are absent. */
export async function clicksPerDay(db: DbOrTx, f: ClickFilter): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${clicks.clickedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db.select({ day, n: sql<number>`count(*)::int` }).from(clicks).where(where(f)).groupBy(day);
  return new Map(rows.map((r) => [r.day, r.n]));
}

/** The referrer's host (a non-URL referer is kept as sent); null for direct visits. */
const refererHost = sql<string | null>`lower(coalesce(substring(${clicks.referer} from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), ${clicks.referer}))`;

export const CLICK_DIMENSIONS = {
  country: clicks.country,
  referrer: refererHost,
  device: clicks.device,
  browser: clicks.browser,
  os: clicks.os,
} as const;
export type ClickDimension = keyof typeof CLICK_DIMENSIONS;

/** The `limit` most frequent values of a dimension (null = unknown or direct), most clicks first, null last among ties. */
export async function topValues(db: DbOrTx, f: ClickFilter, dimension: ClickDimension, limit: number) {
  const value = sql<string | null>`${CLICK_DIMENSIONS[dimension]}`;
  const n = sql<number>`count(*)::int`;
  // ties in byte order, so the answer does not depend on the database's collation
  return db.select({ value, clicks: n }).from(clicks).where(where(f)).groupBy(value).orderBy(desc(n), sql`${value} collate "C"`).limit(limit);
}

/** Clicks per link since `since` (the portfolio trend); links without clicks are absent. */
export async function clicksByLinkSince(db: DbOrTx, linkIds: string[], since: Date): Promise<Map<string, number>> {
  if (!linkIds.length) return new Map();
  const rows = await db
    .select({ linkId: clicks.linkId, n: sql<number>`count(*)::int` })
    .from(clicks)
    .where(and(inArray(clicks.linkId, linkIds), gte(clicks.clickedAt, since)))
    .groupBy(clicks.linkId);
  return new Map(rows.map((r) => [r.linkId, r.n]));
}
