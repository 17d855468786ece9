import { and, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { FACET_DIMENSIONS, rawFacetValues, type FacetDimension } from './facets';
import type { Dimension } from './rollup';
import {
  clickFacetsClosed,
  clickLinkFacets,
  clickLinkHours,
  clickLinkPeriods,
  clickLinkSlices,
  clicks,
  clickWorkspaceFacets,
  clickWorkspaceHours,
  clickWorkspacePeriods,
  clickWorkspaceSlices,
} from './schema';

/**
 * Read side of the click pipeline for stats, MCP and portfolio pages: every figure comes from the
 * rollups (per link and per workspace: hourly clicks and unique visitors; per day and per month
 * clicks, unique visitors and counts by dimension value), never from the raw click rows. A range
 * reads the month rows of its whole months and the day rows of its ends: at most ~70 rows per link
 * or workspace for a year, whatever the number of clicks. A filtered question reads the facet
 * rollups instead (clicks per combination of visitor dimensions), and the raw clicks of the days whose
 * facet rows are not made yet (today, and yesterday for a few minutes): its unique visitors are unknown.
 */
export interface ClickFilter {
  workspaceId: string;
  /** only this link's clicks */
  linkId?: string;
  /** only these links' clicks (a filter on link attributes, resolved to ids; with `linkId`, both must hold) */
  linkIds?: string[];
  /** only clicks with one of the given values ('' unknown, or direct for the referrer) of each dimension */
  facets?: Partial<Record<FacetDimension, string[]>>;
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
/** The first day of `d`'s month, or of the next month when `d` is not a month's first day (`next`). */
const monthOf = (d: Date, next: boolean) => {
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + (next && d.getUTCDate() > 1 ? 1 : 0), 1));
  return dayOf(first);
};

/** The hourly rollup of the filter's scope (link or workspace), with the filter's range. */
function hoursOf(f: ClickFilter) {
  const byLink = f.linkId !== undefined || f.linkIds !== undefined;
  const table = byLink ? clickLinkHours : clickWorkspaceHours;
  const conditions: SQL[] = byLink ? [] : [eq(clickWorkspaceHours.workspaceId, f.workspaceId)];
  if (f.linkId) conditions.push(eq(clickLinkHours.linkId, f.linkId));
  if (f.linkIds) conditions.push(sql`${clickLinkHours.linkId} = any(${`{${f.linkIds.join(',')}}`}::uuid[])`);
  if (f.from) conditions.push(gte(table.hour, f.from));
  if (f.to) conditions.push(lt(table.hour, f.to));
  return { table, where: and(...conditions)! };
}

type PeriodTable = typeof clickLinkPeriods | typeof clickWorkspacePeriods | typeof clickLinkFacets | typeof clickWorkspaceFacets;

/**
 * The period rows covering the filter's whole UTC days exactly once: the months wholly inside the
 * range, and the days before the first and after the last of them (only days when no month is whole).
 */
function inRange(table: PeriodTable, f: Pick<ClickFilter, 'from' | 'to'>): SQL {
  const { months, days } = rangeParts(table, f);
  return or(months, days)!;
}

/** inRange's two parts: the month rows (none when no month is whole) and the day rows at the ends (none without ends). */
function rangeParts(table: PeriodTable, f: Pick<ClickFilter, 'from' | 'to'>): { months?: SQL; days?: SQL } {
  const monthFrom = f.from && monthOf(f.from, true);
  const monthTo = f.to && monthOf(f.to, false);
  if (monthFrom && monthTo && monthFrom >= monthTo) return { days: daysIn(table, f) };
  const months = and(eq(table.period, 'm'), monthFrom ? gte(table.start, monthFrom) : undefined, monthTo ? lt(table.start, monthTo) : undefined)!;
  const before = f.from && daysIn(table, { from: f.from, to: new Date(`${monthFrom}T00:00:00Z`) });
  const after = f.to && daysIn(table, { from: new Date(`${monthTo}T00:00:00Z`), to: f.to });
  return { months, days: or(before, after) };
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

type Days = Pick<ClickFilter, 'from' | 'to'>;
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * How the unfiltered rollups, where a month's row is the sum of its day rows, read a range: the
 * months [first, end) — those wholly inside it, and a month at an end of the range with more of its
 * days inside the range than outside — less the day rows of those end months outside the range
 * (`outside`), and the day rows of its other days at the ends (`days`). A range ending today reads the
 * month row alone, not a day row per day of the month so far. None when no month is whole.
 */
function monthPlan(f: Days): { first?: string; end?: string; days: Days[]; outside: Days[] } | undefined {
  const monthFrom = f.from && monthOf(f.from, true);
  const monthTo = f.to && monthOf(f.to, false);
  if (monthFrom && monthTo && monthFrom >= monthTo) return undefined;
  const plan = { first: monthFrom, end: monthTo, days: [] as Days[], outside: [] as Days[] };
  if (f.from && monthFrom! > dayOf(f.from)) {
    const month = monthOf(f.from, false);
    if (daysBetween(month, dayOf(f.from)) < daysBetween(dayOf(f.from), monthFrom!)) {
      plan.first = month;
      plan.outside.push({ from: at(month), to: f.from });
    } else plan.days.push({ from: f.from, to: at(monthFrom!) });
  }
  if (f.to && dayOf(f.to) > monthTo!) {
    const next = monthOf(f.to, true);
    if (daysBetween(dayOf(f.to), next) < daysBetween(monthTo!, dayOf(f.to))) {
      plan.end = next;
      plan.outside.push({ from: f.to, to: at(next) });
    } else plan.days.push({ from: at(monthTo!), to: f.to });
  }
  return plan;
}

/** Rows read under `where`, counted with `sign` (-1 on the rows subtracted): sums can be 0 for a key no day of the range holds, the caller drops those. */
interface Signed {
  where: SQL;
  sign: SQL;
}
const signed = (where: SQL, minus?: SQL): Signed => ({ where: or(where, minus)!, sign: minus ? sql`(case when ${minus} then -1 else 1 end)` : sql`1` });

/** inRange for the unfiltered day and month rollups ('d' and 'm' rows), read as monthPlan says. */
function signedRange(table: typeof clickLinkPeriods | typeof clickWorkspacePeriods, f: Days): Signed {
  const plan = monthPlan(f);
  if (!plan) return signed(daysIn(table, f));
  const months = and(eq(table.period, 'm'), plan.first ? gte(table.start, plan.first) : undefined, plan.end ? lt(table.start, plan.end) : undefined)!;
  return signed(or(months, ...plan.days.map((d) => daysIn(table, d)))!, or(...plan.outside.map((d) => daysIn(table, d))));
}

/** The day rows of the filter's whole UTC days (a link's breakdowns: its month rows have none). */
function daysIn(table: PeriodTable, f: Pick<ClickFilter, 'from' | 'to'>): SQL {
  return and(eq(table.period, 'd'), f.from ? gte(table.start, dayOf(f.from)) : undefined, f.to ? lt(table.start, dayOf(f.to)) : undefined)!;
}

/** The first open facet day (facets.ts); none before the first closing: every day is closed then. */
const firstOpenDay = sql`coalesce((select until from ${clickFacetsClosed}), 'infinity'::date)`;

/**
 * A link's rows with counts by value (its 'm' rows have none) for the filter's whole UTC days, read
 * as monthPlan says with closed months ('c', periods.ts's addClosedMonths) for months: those of its
 * months, with the open days of those months inside the range (not in their closed month yet), less
 * their closed days outside the range; and the day rows of its other days at the ends. A year ending
 * today is ~14 rows per link where it was 365.
 */
function linkCountsIn(f: Days): Signed {
  const t = clickLinkPeriods;
  const plan = monthPlan(f);
  if (!plan) return signed(daysIn(t, f));
  const inMonths = and(plan.first ? gte(t.start, plan.first) : undefined, plan.end ? lt(t.start, plan.end) : undefined);
  const open = sql`${t.start} >= ${firstOpenDay}`;
  const closedOutside = plan.outside.length ? and(or(...plan.outside.map((d) => daysIn(t, d))), sql`${t.start} < ${firstOpenDay}`) : undefined;
  return signed(or(and(eq(t.period, 'c'), inMonths), and(daysIn(t, f), inMonths, open), ...plan.days.map((d) => daysIn(t, d)))!, closedOutside);
}

/** The day and month rollup of the filter's scope (link or workspace). */
function periodsOf(f: ClickFilter) {
  if (f.linkId) return { table: clickLinkPeriods, scope: eq(clickLinkPeriods.linkId, f.linkId) } as const;
  return { table: clickWorkspacePeriods, scope: eq(clickWorkspacePeriods.workspaceId, f.workspaceId) } as const;
}

const isFiltered = (f: ClickFilter) => f.linkIds !== undefined || f.facets !== undefined;

/**
 * The raw clicks of the filter (its workspace, links and dimension values) on its open facet days
 * (those facets.ts has not rolled up yet) within the whole UTC days of `days`.
 */
function openClicks(f: ClickFilter, days: Pick<ClickFilter, 'from' | 'to'>): SQL {
  const raw: SQL[] = [
    eq(clicks.workspaceId, f.workspaceId),
    sql`${clicks.clickedAt} >= (select until::timestamp at time zone 'UTC' from ${clickFacetsClosed})`,
  ];
  if (f.linkId) raw.push(eq(clicks.linkId, f.linkId));
  if (f.linkIds) raw.push(sql`${clicks.linkId} = any(${`{${f.linkIds.join(',')}}`}::uuid[])`);
  for (const d of FACET_DIMENSIONS) {
    const values = f.facets?.[d];
    if (values) raw.push(inArray(rawFacetValues[d], values));
  }
  if (days.from) raw.push(gte(clicks.clickedAt, utcDayStart(days.from)));
  if (days.to) raw.push(lt(clicks.clickedAt, utcDayStart(days.to)));
  return and(...raw)!;
}

/**
 * The facet rollup of a filtered question: its links' rows when it names links, else its
 * workspace's; with the filter's dimension values. `source` is what to read, under the rollup's own
 * name: its rows, and the open days' raw clicks rolled up alike (a day row and a month row each) —
 * those of the whole UTC days of `days` only, when the question reads no others (the index on the
 * raw clicks then skips the rest). One statement reads both, so a day closing meanwhile is counted once.
 */
function facetsOf(f: ClickFilter, byLink = f.linkId !== undefined || f.linkIds !== undefined, days: Pick<ClickFilter, 'from' | 'to'> = f) {
  const { table, scope } = facetScope(f, byLink);
  const raw = openClicks(f, days);
  const columns = sql.raw(`${byLink ? 'link_id, ' : ''}workspace_id`);
  const dimensions = sql.raw(FACET_DIMENSIONS.join(', '));
  // the open days' clicks are grouped once (a CTE: a join would scan them again per period)
  const source = sql`(
    with open_day as materialized (
      select ${byLink ? sql`${clicks.linkId}, ` : sql``}${clicks.workspaceId}, (${clicks.clickedAt} at time zone 'UTC')::date as start,
        ${sql.join(
          FACET_DIMENSIONS.map((d) => sql`${rawFacetValues[d]} as ${sql.raw(d)}`),
          sql`, `,
        )}, count(*) as clicks
      from ${clicks}
      where ${raw}
      group by ${sql.raw(Array.from({ length: FACET_DIMENSIONS.length + (byLink ? 3 : 2) }, (_, k) => String(k + 1)).join(', '))})
    select ${columns}, period, start, ${dimensions}, clicks from ${table}
    union all
    select ${columns}, 'd'::char(1), start, ${dimensions}, clicks from open_day
    union all
    select ${columns}, 'm'::char(1), date_trunc('month', start)::date, ${dimensions}, clicks from open_day
  ) as ${table}`;
  return { table, source, scope, byLink };
}

/** The facet rollup of a filtered question (its links' rows when it names links, else its workspace's) and its rows' conditions. */
function facetScope(f: ClickFilter, byLink = f.linkId !== undefined || f.linkIds !== undefined) {
  const table = byLink ? clickLinkFacets : clickWorkspaceFacets;
  const conditions: SQL[] = [eq(table.workspaceId, f.workspaceId)];
  if (f.linkId) conditions.push(eq(clickLinkFacets.linkId, f.linkId));
  if (f.linkIds) conditions.push(sql`${clickLinkFacets.linkId} = any(${`{${f.linkIds.join(',')}}`}::uuid[])`);
  for (const d of FACET_DIMENSIONS) {
    const values = f.facets?.[d];
    if (values) conditions.push(inArray(table[d], values));
  }
  return { table, scope: and(...conditions)! };
}

/** Clicks and unique visitors of the filter's range (all time without one), and clicks and visitors of the UTC day `todayStart`. */
export async function clickTotals(db: DbOrTx, f: ClickFilter, todayStart: Date) {
  if (isFiltered(f)) return filteredTotals(db, f, todayStart);
  const { table, scope } = periodsOf(f);
  const range = inRange(table, f);
  const today = and(eq(table.period, 'd'), eq(table.start, dayOf(todayStart)))!;
  const [row] = await db
    .select({
      clicks: sql<string>`coalesce(sum(${table.clicks}) filter (where ${range}), 0)`,
      visitors: sql<string>`coalesce(sum(${table.visitors}) filter (where ${range}), 0)`,
      today: sql<string>`coalesce(sum(${table.clicks}) filter (where ${today}), 0)`,
      todayVisitors: sql<string>`coalesce(sum(${table.visitors}) filter (where ${today}), 0)`,
    })
    .from(table)
    .where(and(scope, or(range, today)));
  return {
    clicks: Number(row?.clicks ?? 0),
    visitors: Number(row?.visitors ?? 0),
    today: Number(row?.today ?? 0),
    todayVisitors: Number(row?.todayVisitors ?? 0),
  };
}

/** A filtered question's clicks over its range and on the day `todayStart` (unique visitors unknown: null). */
async function filteredTotals(db: DbOrTx, f: ClickFilter, todayStart: Date) {
  const today = dayOf(todayStart);
  // today's clicks are read whatever the range
  const sliced = f.facets && slicedDays(f, {});
  if (sliced) {
    const range = and(f.from ? sql`start >= ${dayOf(f.from)}::date` : undefined, f.to ? sql`start < ${dayOf(f.to)}::date` : undefined) ?? sql`true`;
    const [row] = rowsOf<{ clicks: string; today: string }>(
      await db.execute(sql`
        select coalesce(sum(clicks) filter (where ${range}), 0) as clicks, coalesce(sum(clicks) filter (where start = ${today}::date), 0) as today
        from ${sliced}`),
    );
    return { clicks: Number(row?.clicks ?? 0), visitors: null, today: Number(row?.today ?? 0), todayVisitors: null };
  }
  const { table, source, scope } = facetsOf(f, undefined, {});
  const range = inRange(table, f);
  const todayRows = and(eq(table.period, 'd'), eq(table.start, today))!;
  const [row] = await db
    .select({
      clicks: sql<string>`coalesce(sum(${table.clicks}) filter (where ${range}), 0)`,
      today: sql<string>`coalesce(sum(${table.clicks}) filter (where ${todayRows}), 0)`,
    })
    .from(source)
    .where(and(scope, or(range, todayRows)));
  return { clicks: Number(row?.clicks ?? 0), visitors: null, today: Number(row?.today ?? 0), todayVisitors: null };
}

/** Distinct known visitor countries of the filter's scope, all time (a link's from its closed months and open days, a workspace's from its months). */
export async function countCountries(db: DbOrTx, f: Omit<ClickFilter, 'from' | 'to'>): Promise<number> {
  if (isFiltered(f)) {
    const { table, source, scope } = facetsOf(f);
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${table.country})::int` })
      .from(source)
      .where(and(scope, eq(table.period, 'm'), sql`${table.country} <> ''`));
    return row?.n ?? 0;
  }
  const { table, scope } = periodsOf(f);
  const [row] = await db
    .select({ n: sql<number>`count(distinct c.key)::int` })
    .from(sql`${table} cross join lateral jsonb_object_keys(${table.country}) as c(key)`)
    .where(and(scope, f.linkId ? linkCountsIn({}).where : eq(table.period, 'm'), sql`c.key <> ''`));
  return row?.n ?? 0;
}

/** Clicks and unique visitors per UTC day (`YYYY-MM-DD`); days without clicks are absent. */
export async function clicksPerDay(db: DbOrTx, f: ClickFilter): Promise<Map<string, { clicks: number; visitors: number | null }>> {
  const sliced = f.facets && slicedDays(f, f);
  if (sliced) {
    const rows = rowsOf<{ day: string; clicks: string }>(await db.execute(sql`select start::text as day, sum(clicks) as clicks from ${sliced} group by start`));
    return new Map(rows.map((r) => [r.day, { clicks: Number(r.clicks), visitors: null }]));
  }
  if (isFiltered(f)) {
    const { table, source, scope } = facetsOf(f);
    const rows = await db
      .select({ day: sql<string>`${table.start}::text`, clicks: sql<string>`sum(${table.clicks})` })
      .from(source)
      .where(and(scope, daysIn(table, f)))
      .groupBy(table.start);
    return new Map(rows.map((r) => [r.day, { clicks: Number(r.clicks), visitors: null }]));
  }
  const { table, scope } = periodsOf(f);
  const conditions: SQL[] = [scope, eq(table.period, 'd')];
  if (f.from) conditions.push(gte(table.start, dayOf(f.from)));
  if (f.to) conditions.push(lt(table.start, dayOf(f.to)));
  const rows = await db
    .select({ day: table.start, clicks: table.clicks, visitors: table.visitors })
    .from(table)
    .where(and(...conditions));
  return new Map(rows.map((r) => [r.day, { clicks: Number(r.clicks), visitors: Number(r.visitors) }]));
}

/**
 * Clicks and unique visitors per ISO weekday (1 = Monday) and UTC hour over the range: the 7 × 24
 * heatmap. Filtered by visitor dimensions, from the facet rollups' hours (unique visitors unknown: null).
 */
export async function clicksPerWeekdayHour(db: DbOrTx, f: ClickFilter): Promise<{ weekday: number; hour: number; clicks: number; visitors: number | null }[]> {
  if (f.facets) return filteredWeekdayHours(db, f);
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
 * The heatmap of a filter on visitor dimensions: the clicks by hour of its facet day rows — for a
 * workspace, of the days outside whole months, whose month rows' clicks by weekday and hour are
 * summed instead — and the raw clicks of its open days, in one statement (a day closing meanwhile is
 * counted once).
 */
async function filteredWeekdayHours(db: DbOrTx, f: ClickFilter) {
  const { table, scope } = facetScope(f);
  const { months, days } = table === clickWorkspaceFacets ? rangeParts(table, f) : { days: daysIn(table, f) };
  const monthCells = months
    ? sql`
        select (h.k::int - 1) / 24 + 1, (h.k::int - 1) % 24, h.n
        from (select click_hours_sum(${clickWorkspaceFacets.weekHours}) as week from ${table} where ${and(scope, months)}) m
        cross join lateral unnest(m.week) with ordinality h(n, k) where h.n > 0
        union all`
    : sql``;
  const dayCells = days
    ? sql`
        select extract(isodow from ${table.start})::int, h.k::int - 1, h.n
        from ${table} cross join lateral unnest(${table.hours}) with ordinality h(n, k)
        where ${and(scope, days)} and h.n > 0
        union all`
    : sql``;
  const rows = rowsOf<{ weekday: number; hour: number; clicks: string }>(
    await db.execute(sql`
      with cell (weekday, hour, clicks) as (${monthCells}${dayCells}
        select extract(isodow from ${clicks.clickedAt} at time zone 'UTC')::int, extract(hour from ${clicks.clickedAt} at time zone 'UTC')::int, 1
        from ${clicks} where ${openClicks(f, f)})
      select weekday, hour, sum(clicks) as clicks from cell group by 1, 2`),
  );
  return rows.map((r) => ({ weekday: Number(r.weekday), hour: Number(r.hour), clicks: Number(r.clicks), visitors: null }));
}

/**
 * The `limit` most frequent values of a dimension (null = unknown, or direct for the referrer), most
 * clicks first; ties in byte order with null last, so the answer does not depend on the collation.
 * A link's come from its closed months and day rows (its 'm' rows have no breakdowns).
 */
export async function topValues(db: DbOrTx, f: ClickFilter, dimension: Dimension, limit: number) {
  if (isFiltered(f)) return filteredTopValues(db, f, dimension as FacetDimension, limit);
  const { table, scope } = periodsOf(f);
  const { where, sign } = f.linkId ? linkCountsIn(f) : signedRange(table, f);
  const rows = rowsOf<{ value: string; clicks: string }>(
    await db.execute(sql`
      select v.key as value, sum(${sign} * v.value::int8) as clicks
      from ${table} cross join lateral jsonb_each_text(${table[dimension]}) as v(key, value)
      where ${and(scope, where)}
      group by v.key having sum(${sign} * v.value::int8) > 0
      order by 2 desc, v.key = '', v.key collate "C"
      limit ${limit}`),
  );
  return rows.map((r) => ({ value: r.value === '' ? null : r.value, clicks: Number(r.clicks) }));
}

export type TopValue = { value: string | null; clicks: number };

/** topValues of a filtered question, from the facet rollup (same order). */
async function filteredTopValues(db: DbOrTx, f: ClickFilter, dimension: FacetDimension, limit: number) {
  const { table, source, scope } = facetsOf(f);
  const column = table[dimension];
  const rows = await db
    .select({ value: sql<string>`${column}`, clicks: sql<string>`sum(${table.clicks})` })
    .from(source)
    .where(and(scope, inRange(table, f)))
    .groupBy(column)
    .orderBy(sql`2 desc`, sql`${column} = ''`, sql`${column} collate "C"`)
    .limit(limit);
  return rows.map((r) => ({ value: r.value === '' ? null : r.value, clicks: Number(r.clicks) }));
}

/**
 * topValues of several dimensions. A filtered question reads its facet rows, and its open days' raw
 * clicks, once for all of them (a link's filtered stats asked five times read them five times).
 */
export async function topValuesOf<D extends Dimension>(db: DbOrTx, f: ClickFilter, dimensions: readonly D[], limit: number) {
  if (!isFiltered(f)) {
    const each = await Promise.all(dimensions.map(async (d) => [d, await topValues(db, f, d, limit)] as const));
    return Object.fromEntries(each) as Record<D, TopValue[]>;
  }
  const { table, source, scope } = facetsOf(f);
  const counted = dimensions.map((d) => sql`select ${d}::text as dimension, ${sql.raw(d)} as value, sum(clicks) as clicks from facet group by 2`);
  const rows = rowsOf<{ dimension: D; value: string; clicks: string }>(
    await db.execute(sql`
      with facet as materialized (select ${table.clicks}, ${sql.join(
        dimensions.map((d) => table[d as FacetDimension]),
        sql`, `,
      )} from ${source} where ${and(scope, inRange(table, f))}),
      ranked as (
        select *, row_number() over (partition by dimension order by clicks desc, value = '', value collate "C") as n
        from (${sql.join(counted, sql` union all `)}) counted)
      select dimension, value, clicks from ranked where n <= ${limit} order by dimension, n`),
  );
  const tops = Object.fromEntries(dimensions.map((d) => [d, [] as TopValue[]])) as Record<D, TopValue[]>;
  for (const r of rows) tops[r.dimension].push({ value: r.value === '' ? null : r.value, clicks: Number(r.clicks) });
  return tops;
}

/** A workspace's most clicked link ids over the range, most clicks first (ties by id). */
export async function topLinks(db: DbOrTx, f: Omit<ClickFilter, 'linkId'>, limit: number) {
  const sliced = f.facets && slicedClicks(f);
  if (sliced) return linksByClicks(db, sliced, sql`true`, limit);
  if (f.facets) {
    const { source, scope } = facetsOf(f, true);
    return linksByClicks(db, source, and(scope, inRange(clickLinkFacets, f))!, limit);
  }
  // links chosen by their attributes only: their own rollup rows
  const t = clickLinkPeriods;
  const links = f.linkIds && sql`${t.linkId} = any(${`{${f.linkIds.join(',')}}`}::uuid[])`;
  const { where, sign } = signedRange(t, f);
  return linksByClicks(db, t, and(eq(t.workspaceId, f.workspaceId), links, where)!, limit, sql`${sign} * ${t.clicks}`);
}

/**
 * The slice rows (of `table`'s workspace) of a filter on one or two visitor dimensions: their
 * `dimensions` bits and each combination of the filter's values; none for more dimensions.
 */
function sliceOf(f: Pick<ClickFilter, 'workspaceId' | 'facets'>, table: typeof clickLinkSlices | typeof clickWorkspaceSlices): SQL | undefined {
  const dimensions = FACET_DIMENSIONS.filter((d) => f.facets?.[d]);
  if (dimensions.length === 0 || dimensions.length > 2) return undefined;
  const bits = dimensions.reduce((sum, d) => sum | (1 << FACET_DIMENSIONS.indexOf(d)), 0);
  const combinations = dimensions.reduce<string[][]>((all, d) => all.flatMap((c) => f.facets![d]!.map((v) => [...c, v])), [[]]);
  const vals = combinations.map(
    (c) =>
      sql`array[${sql.join(
        c.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`,
  );
  return and(eq(table.workspaceId, f.workspaceId), eq(table.dimensions, bits), sql`${table.vals} in (${sql.join(vals, sql`, `)})`);
}

/**
 * A workspace-wide filter on one or two visitor dimensions as rows of start (a day) and clicks: its
 * workspace slices of the range `days`, and its open days' raw clicks within `raw`; none for any other filter.
 */
function slicedDays(f: ClickFilter, days: Pick<ClickFilter, 'from' | 'to'>, raw: Pick<ClickFilter, 'from' | 'to'> = days): SQL | undefined {
  const s = clickWorkspaceSlices;
  const slice = f.linkId === undefined && f.linkIds === undefined ? sliceOf(f, s) : undefined;
  if (!slice) return undefined;
  const range = and(days.from ? gte(s.start, dayOf(days.from)) : undefined, days.to ? lt(s.start, dayOf(days.to)) : undefined);
  return sql`(
    select ${s.start} as start, ${s.clicks} as clicks from ${s} where ${and(slice, range)}
    union all
    select (${clicks.clickedAt} at time zone 'UTC')::date, 1 from ${clicks} where ${openClicks(f, raw)}
  ) as sliced`;
}

/**
 * The clicks per link of a filter on one or two visitor dimensions (null for more), as rows of
 * link_id and clicks: the link slices of the months wholly in the range, and of the month of its end
 * when that month's closed days all lie before the end (its open days are raw clicks); the link facet
 * day rows of the days at its ends outside those months, of the links the slices of their months
 * name (the rows' primary key leads with the link; most dimensions have no index there); and the raw
 * clicks of the open days.
 */
function slicedClicks(f: Omit<ClickFilter, 'linkId'>): SQL | undefined {
  const s = clickLinkSlices;
  const slice = sliceOf(f, s);
  if (!slice) return undefined;
  const links = f.linkIds && sql`${s.linkId} = any(${`{${f.linkIds.join(',')}}`}::uuid[])`;
  const slices = (months: SQL) => and(slice, links, months)!;
  const monthFrom = f.from && monthOf(f.from, true);
  const monthTo = f.to && monthOf(f.to, false);
  const toDay = f.to && dayOf(f.to);
  let months: SQL | undefined;
  const edges: { days: Pick<ClickFilter, 'from' | 'to'>; month: string; when?: SQL }[] = [];
  if (f.from && f.to && monthFrom! > monthTo!) {
    edges.push({ days: f, month: monthOf(f.from, false) });
  } else {
    const whole = and(monthFrom ? gte(s.start, monthFrom) : undefined, monthTo ? lt(s.start, monthTo) : undefined) ?? sql`true`;
    months = whole;
    if (f.from && monthFrom! > dayOf(f.from)) edges.push({ days: { from: f.from, to: new Date(`${monthFrom}T00:00:00Z`) }, month: monthOf(f.from, false) });
    if (f.to && toDay! > monthTo!) {
      months = or(whole, and(eq(s.start, monthTo!), sql`${toDay}::date >= ${firstOpenDay}`));
      edges.push({ days: { from: new Date(`${monthTo}T00:00:00Z`), to: f.to }, month: monthTo!, when: sql`${toDay}::date < ${firstOpenDay}` });
    }
  }
  const { scope } = facetScope(f, true);
  const table = clickLinkFacets;
  const edgeRows = edges.map(
    (edge) => sql`
      union all
      select ${table.linkId}, ${table.clicks} from ${table}
      where ${and(scope, daysIn(table, edge.days), edge.when)}
        and ${table.linkId} in (select ${s.linkId} from ${s} where ${slices(eq(s.start, edge.month))})`,
  );
  return sql`(
    select ${s.linkId}, ${s.clicks} from ${s} where ${slices(months ?? sql`false`)}
    ${sql.join(edgeRows, sql``)}
    union all
    select ${clicks.linkId}, 1 from ${clicks} where ${openClicks(f, f)}
  ) as sliced`;
}

/**
 * The most clicked links of `source` (rows with link_id and clicks, or `clicks` of them) under
 * `where`, most clicks first (ties by id); none without clicks (signedRange's sums can be 0).
 */
async function linksByClicks(db: DbOrTx, source: SQL | typeof clickLinkPeriods, where: SQL, limit: number, clicks = sql`clicks`) {
  const rows = rowsOf<{ link_id: string; clicks: string }>(
    await db.execute(sql`
      select link_id, sum(${clicks}) as clicks from ${source} where ${where}
      group by link_id having sum(${clicks}) > 0 order by 2 desc, link_id::text collate "C" limit ${limit}`),
  );
  return rows.map((r) => ({ linkId: r.link_id, clicks: Number(r.clicks) }));
}

/** Clicks per link on the UTC days from `since`'s (the portfolio trend); links without clicks are absent. */
export async function clicksByLinkSince(db: DbOrTx, linkIds: string[], since: Date): Promise<Map<string, number>> {
  if (!linkIds.length) return new Map();
  const t = clickLinkPeriods;
  const rows = await db
    .select({ linkId: t.linkId, n: sql<string>`sum(${t.clicks})` })
    .from(t)
    .where(and(inArray(t.linkId, linkIds), inRange(t, { from: since })))
    .groupBy(t.linkId);
  return new Map(rows.map((r) => [r.linkId, Number(r.n)]));
}
