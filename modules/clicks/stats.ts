import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import type { Dimension } from './rollup';
import { clickLinkDays, clickLinkHours, clickWorkspaceDays, clickWorkspaceHours } from './schema';

/**
 * Read side of the click pipeline for stats, MCP and portfolio pages: every figure comes from the
 * rollups (per link and per workspace: hourly clicks and unique visitors, daily clicks by
 * dimension), never from the raw click rows, so an answer reads at most a row per hour or per
 * day and value of the range, whatever the number of clicks.
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

/** Start of the current UTC day. */
export function utcDayStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The hourly rollup of the filter's scope (link or workspace), with the filter's range. */
function hoursOf(f: ClickFilter) {
  const table = f.linkId ? clickLinkHours : clickWorkspaceHours;
  const conditions: SQL[] = [f.linkId ? eq(clickLinkHours.linkId, f.linkId) : eq(clickWorkspaceHours.workspaceId, f.workspaceId)];
  if (f.from) conditions.push(gte(table.hour, f.from));
  if (f.to) conditions.push(lt(table.hour, f.to));
  return { table, where: and(...conditions)! };
}

/** The daily rollup of the filter's scope, one dimension, with the filter's range (whole UTC days). */
function daysOf(f: ClickFilter, dimension: Dimension | 'link') {
  const table = f.linkId ? clickLinkDays : clickWorkspaceDays;
  const conditions: SQL[] = [f.linkId ? eq(clickLinkDays.linkId, f.linkId) : eq(clickWorkspaceDays.workspaceId, f.workspaceId), eq(table.dimension, dimension)];
  if (f.from) conditions.push(gte(table.day, dayOf(f.from)));
  if (f.to) conditions.push(lt(table.day, dayOf(f.to)));
  return { table, where: and(...conditions)! };
}

/** Clicks and unique visitors of the filter's range, and clicks and visitors since `todayStart`. */
export async function clickTotals(db: DbOrTx, f: ClickFilter, todayStart: Date) {
  const { table, where } = hoursOf(f);
  const [row] = await db
    .select({
      clicks: sql<string>`coalesce(sum(${table.clicks}), 0)`,
      visitors: sql<string>`coalesce(sum(${table.visitors}), 0)`,
      today: sql<string>`coalesce(sum(${table.clicks}) filter (where ${table.hour} >= ${todayStart.toISOString()}::timestamptz), 0)`,
      todayVisitors: sql<string>`coalesce(sum(${table.visitors}) filter (where ${table.hour} >= ${todayStart.toISOString()}::timestamptz), 0)`,
    })
    .from(table)
    .where(where);
  return { clicks: Number(row?.clicks ?? 0), visitors: Number(row?.visitors ?? 0), today: Number(row?.today ?? 0), todayVisitors: Number(row?.todayVisitors ?? 0) };
}

/** Distinct known visitor countries of the filter's scope, all time. */
export async function countCountries(db: DbOrTx, f: Omit<ClickFilter, 'from' | 'to'>): Promise<number> {
  const { table, where } = daysOf(f, 'country');
  const [row] = await db.select({ n: sql<number>`count(distinct ${table.value})::int` }).from(table).where(and(where, sql`${table.value} <> ''`));
  return row?.n ?? 0;
}

/** Clicks and unique visitors per UTC day (`YYYY-MM-DD`); days without clicks are absent. */
export async function clicksPerDay(db: DbOrTx, f: ClickFilter): Promise<Map<string, { clicks: number; visitors: number }>> {
  const { table, where } = hoursOf(f);
  const day = sql<string>`to_char(${table.hour} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db.select({ day, clicks: sql<string>`sum(${table.clicks})`, visitors: sql<string>`sum(${table.visitors})` }).from(table).where(where).groupBy(day);
  return new Map(rows.map((r) => [r.day, { clicks: Number(r.clicks), visitors: Number(r.visitors) }]));
}

/** Clicks and unique visitors per ISO weekday (1 = Monday) and UTC hour over the range: the 7 × 24 heatmap. */
export async function clicksPerWeekdayHour(db: DbOrTx, f: ClickFilter) {
  const { table, where } = hoursOf(f);
  const weekday = sql<number>`extract(isodow from ${table.hour} at time zone 'UTC')::int`;
  const hour = sql<number>`extract(hour from ${table.hour} at time zone 'UTC')::int`;
  const rows = await db
    .select({ weekday, hour, clicks: sql<string>`sum(${table.clicks})`, visitors: sql<string>`sum(${table.visitors})` })
    .from(table)
    .where(where)
    .groupBy(weekday, hour);
  return rows.map((r) => ({ weekday: Number(r.weekday), hour: Number(r.hour), clicks: Number(r.clicks), visitors: Number(r.visitors) }));
}

/**
 * The `limit` most frequent values of a dimension (null = unknown, or direct for the referrer), most
 * clicks first; ties in byte order with null last, so the answer does not depend on the collation.
 * Dimension `link` (workspace only) ranks the workspace's links.
 */
export async function topValues(db: DbOrTx, f: ClickFilter, dimension: Dimension | 'link', limit: number) {
  const { table, where } = daysOf(f, dimension);
  const n = sql<string>`sum(${table.clicks})`;
  const rows = await db
    .select({ value: table.value, clicks: n })
    .from(table)
    .where(where)
    .groupBy(table.value)
    .orderBy(desc(n), sql`${table.value} = ''`, sql`${table.value} collate "C"`)
    .limit(limit);
  return rows.map((r) => ({ value: r.value === '' ? null : r.value, clicks: Number(r.clicks) }));
}

/** Clicks per link since `since` (the portfolio trend); links without clicks are absent. */
export async function clicksByLinkSince(db: DbOrTx, linkIds: string[], since: Date): Promise<Map<string, number>> {
  if (!linkIds.length) return new Map();
  const rows = await db
    .select({ linkId: clickLinkHours.linkId, n: sql<string>`sum(${clickLinkHours.clicks})` })
    .from(clickLinkHours)
    .where(and(inArray(clickLinkHours.linkId, linkIds), gte(clickLinkHours.hour, since)))
    .groupBy(clickLinkHours.linkId);
  return new Map(rows.map((r) => [r.linkId, Number(r.n)]));
}
