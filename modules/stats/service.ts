import type { DbOrTx } from '../../core/db';
import { badRequest } from '../../core/errors';
import {
  botVisits,
  clicksPerDay,
  clicksPerWeekdayHour,
  clickTotals,
  countCountries,
  topLinks,
  topValues,
  topValuesOf,
  utcDayStart,
  type ClickFilter,
  type Dimension,
  type TopValue,
} from '../clicks';
import { getLinksByIds, linkTotalsByWorkspace, sentUtmOf, type UtmKey } from '../links';
import { clickFilterOf, parseFilter } from './filters';

const DAY_MS = 86_400_000;
/** Default daily range: today and the 29 days before. */
const DEFAULT_DAYS = 30;
/** Longest daily series one request may ask for. */
export const MAX_DAYS = 366;
const DEFAULT_TOP = 10;

const dayString = (d: Date) => d.toISOString().slice(0, 10);

function parseDay(value: string, name: string): Date {
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || dayString(d) !== value) throw badRequest(`${name} is not a valid date (YYYY-MM-DD)`, { field: name });
  return d;
}

export interface RangeInput {
  from?: string;
  to?: string;
  /** `dimension:value,…` (./filters.ts) */
  filter?: string;
}
interface DayRange {
  from: Date;
  to: Date;
  days: number;
}

/** A closed range of UTC days: `to` defaults to today, `from` to 29 days before `to`; at most 366 days. */
export function dayRange(q: RangeInput, now = new Date()): DayRange {
  const to = q.to ? parseDay(q.to, 'to') : utcDayStart(now);
  const from = q.from ? parseDay(q.from, 'from') : new Date(to.getTime() - (DEFAULT_DAYS - 1) * DAY_MS);
  if (from > to) throw badRequest('from must not be after to', { field: 'from' });
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  if (days > MAX_DAYS) throw badRequest(`The range may span at most ${MAX_DAYS} days`, { field: 'from' });
  return { from, to, days };
}

/** Click filter of an optional range (open ends mean all time). */
export function openRange(workspaceId: string, q: RangeInput, linkId?: string): ClickFilter {
  const from = q.from ? parseDay(q.from, 'from') : undefined;
  const to = q.to ? parseDay(q.to, 'to') : undefined;
  if (from && to && from > to) throw badRequest('from must not be after to', { field: 'from' });
  return { workspaceId, linkId, from, to: to && new Date(to.getTime() + DAY_MS) };
}

/** The clicks of the workspace (or one link) that the request's `filter` lets through, no range yet. */
async function scopeOf(db: DbOrTx, workspaceId: string, q: RangeInput, linkId?: string): Promise<ClickFilter> {
  return { workspaceId, linkId, ...(await clickFilterOf(db, workspaceId, parseFilter(q.filter))) };
}

const isFiltered = (f: ClickFilter) => f.linkIds !== undefined || f.facets !== undefined;

/**
 * Links and clicks come from the links' own totals (`click_count`, raised in the transaction that
 * stores the clicks); today's clicks, unique visitors and countries from the rollups.
 */
export async function workspaceSummary(db: DbOrTx, workspaceId: string, q: Pick<RangeInput, 'filter'> = {}, now = new Date()) {
  const scope = await scopeOf(db, workspaceId, q);
  const [totals, rolled, countries, bots] = await Promise.all([
    linkTotalsByWorkspace(db, [workspaceId]),
    clickTotals(db, scope, utcDayStart(now)),
    countCountries(db, scope),
    botVisits(db, scope),
  ]);
  const { links = 0, clicks = 0 } = totals.get(workspaceId) ?? {};
  return {
    total_links: scope.linkIds?.length ?? links,
    total_clicks: isFiltered(scope) ? rolled.clicks : clicks,
    total_countries: countries,
    today_clicks: rolled.today,
    unique_visitors: rolled.visitors,
    today_visitors: rolled.todayVisitors,
    bot_visits: bots,
  };
}

/** Every day of the range with its clicks and visitors (null when filtered), and the range's totals. */
async function dailySeries(db: DbOrTx, scope: ClickFilter, range: DayRange) {
  const counts = await clicksPerDay(db, { ...scope, from: range.from, to: new Date(range.to.getTime() + DAY_MS) });
  const none = isFiltered(scope) ? null : 0;
  const days = Array.from({ length: range.days }, (_, i) => {
    const date = dayString(new Date(range.from.getTime() + i * DAY_MS));
    const day = counts.get(date);
    return { date, clicks: day?.clicks ?? 0, visitors: day?.visitors ?? none };
  });
  const clicks = days.reduce((sum, d) => sum + d.clicks, 0);
  const visitors = none === null ? null : days.reduce((sum, d) => sum + (d.visitors ?? 0), 0);
  return { from: dayString(range.from), to: dayString(range.to), clicks, visitors, days };
}

/** The days of equal number just before the range. */
const previousOf = (range: DayRange): DayRange => ({
  from: new Date(range.from.getTime() - range.days * DAY_MS),
  to: new Date(range.from.getTime() - DAY_MS),
  days: range.days,
});

/** The range's series, and with `compare=previous` the previous period's beside it. */
async function seriesWithCompare(db: DbOrTx, scope: ClickFilter, range: DayRange, compare: string | undefined) {
  const [current, previous] = await Promise.all([
    dailySeries(db, scope, range),
    compare === 'previous' ? dailySeries(db, scope, previousOf(range)) : undefined,
  ]);
  return previous ? { ...current, previous } : current;
}

export async function workspaceDaily(db: DbOrTx, workspaceId: string, q: RangeInput & { compare?: string }) {
  const range = dayRange(q);
  return seriesWithCompare(db, await scopeOf(db, workspaceId, q), range, q.compare);
}

/** Top values of one dimension, keyed by the dimension's name: `[{country: 'DE', clicks: 3}]`. */
async function top<K extends Dimension>(db: DbOrTx, f: ClickFilter, dimension: K, limit: number) {
  return asRows(dimension, await topValues(db, f, dimension, limit));
}

const asRows = <K extends Dimension>(dimension: K, values: TopValue[]) =>
  values.map((r) => ({ [dimension]: r.value, clicks: r.clicks }) as Record<K, string | null> & { clicks: number });

/** Several breakdowns of one scope at once (a filtered one reads its rows once). */
async function tops<K extends Dimension>(db: DbOrTx, f: ClickFilter, dimensions: readonly K[], limit: number) {
  const values = await topValuesOf(db, f, dimensions, limit);
  return Object.fromEntries(dimensions.map((d) => [d, asRows(d, values[d])])) as unknown as { [D in K]: ReturnType<typeof asRows<D>> };
}

export interface TopInput extends RangeInput {
  limit?: number;
}

/** The filtered scope over the optional range (one link's, with `linkId`): what stats and the conversion funnel read. */
export const filteredRange = async (db: DbOrTx, workspaceId: string, q: RangeInput, linkId?: string): Promise<ClickFilter> => ({
  ...openRange(workspaceId, q, linkId),
  ...(await scopeOf(db, workspaceId, q, linkId)),
});

export const workspaceTop = async <K extends Dimension>(db: DbOrTx, workspaceId: string, dimension: K, q: TopInput) =>
  top(db, await filteredRange(db, workspaceId, q), dimension, q.limit ?? DEFAULT_TOP);

export async function workspaceDevices(db: DbOrTx, workspaceId: string, q: TopInput) {
  const f = await filteredRange(db, workspaceId, q);
  const limit = q.limit ?? DEFAULT_TOP;
  const { device: devices, browser: browsers, os } = await tops(db, f, ['device', 'browser', 'os'], limit);
  return { devices, browsers, os };
}

/** One link: all-time totals, then the daily series and breakdowns over the day range (default the last 30 days). */
/**
 * A link's stats as the API and MCP answer them: the measured ones, and beside them (never inside)
 * the clicks another tool counted before the link was imported.
 */
export async function linkStatsWithImported(
  db: DbOrTx,
  workspaceId: string,
  link: { id: string; importedClicks: number; importedFrom: string | null },
  q: TopInput & { compare?: string },
) {
  return { ...(await linkStats(db, workspaceId, link.id, q)), imported_clicks: Number(link.importedClicks), imported_from: link.importedFrom };
}

export async function linkStats(db: DbOrTx, workspaceId: string, linkId: string, q: TopInput & { compare?: string }, now = new Date()) {
  const range = dayRange(q, now);
  const scope = await scopeOf(db, workspaceId, q, linkId);
  const f: ClickFilter = { ...scope, from: range.from, to: new Date(range.to.getTime() + DAY_MS) };
  const limit = q.limit ?? DEFAULT_TOP;
  const [totals, countryCount, series, breakdowns, bots] = await Promise.all([
    clickTotals(db, scope, utcDayStart(now)),
    countCountries(db, scope),
    seriesWithCompare(db, scope, range, q.compare),
    tops(db, f, ['country', 'referrer', 'device', 'browser', 'os'], limit),
    botVisits(db, f),
  ]);
  const { country: countries, referrer: referrers, device: devices, browser: browsers, os } = breakdowns;
  return {
    link_id: linkId,
    total_clicks: totals.clicks,
    today_clicks: totals.today,
    total_countries: countryCount,
    unique_visitors: totals.visitors,
    ...series,
    countries,
    referrers,
    devices,
    browsers,
    os,
    bot_visits: bots,
  };
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Clicks per weekday and UTC hour over the day range (default the last 30 days): all 7 × 24 cells, zero-filled; any filter. */
export async function workspaceHourly(db: DbOrTx, workspaceId: string, q: RangeInput & { link_id?: string }) {
  const range = dayRange(q);
  const scope = await scopeOf(db, workspaceId, q, q.link_id);
  const cells = await clicksPerWeekdayHour(db, { ...scope, from: range.from, to: new Date(range.to.getTime() + DAY_MS) });
  const found = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c]));
  const hours = WEEKDAYS.flatMap((day, d) =>
    Array.from({ length: 24 }, (_, hour) => {
      const cell = found.get(`${d + 1}:${hour}`);
      // under a filter on visitor dimensions unique visitors are unknown in every cell, empty ones too
      return { day, hour, clicks: cell?.clicks ?? 0, visitors: scope.facets ? null : (cell?.visitors ?? 0) };
    }),
  );
  return { from: dayString(range.from), to: dayString(range.to), hours };
}

/** The workspace's most clicked links over an optional range (default all time). */
export async function workspaceTopLinks(db: DbOrTx, workspaceId: string, q: TopInput) {
  const rows = await topLinks(db, await filteredRange(db, workspaceId, q), q.limit ?? DEFAULT_TOP);
  const links = new Map(
    (
      await getLinksByIds(
        db,
        workspaceId,
        rows.map((r) => r.linkId),
      )
    ).map((l) => [l.id, l]),
  );
  return {
    links: rows.flatMap((r) => {
      const link = links.get(r.linkId);
      return link ? [{ link_id: link.id, domain: link.domain, slug: link.slug, title: link.title, clicks: r.clicks }] : [];
    }),
  };
}

/** More links than a workspace's UTM breakdown adds up: the clicks of the rest are not in it. */
const UTM_LINKS_MAX = 100_000;

/**
 * Clicks by the UTM source, medium and campaign their links send (null: the link sends none), over
 * an optional range, filtered: each the sum of its links' clicks.
 */
export async function workspaceUtm(db: DbOrTx, workspaceId: string, q: TopInput) {
  const perLink = await topLinks(db, await filteredRange(db, workspaceId, q), UTM_LINKS_MAX);
  const utm = await sentUtmOf(
    db,
    workspaceId,
    perLink.map((r) => r.linkId),
  );
  const limit = q.limit ?? DEFAULT_TOP;
  const breakdown = (key: UtmKey) => {
    const sums = new Map<string | null, number>();
    for (const { linkId, clicks } of perLink) {
      const value = utm.get(linkId)?.[key] ?? null;
      sums.set(value, (sums.get(value) ?? 0) + clicks);
    }
    return [...sums]
      .sort(([a, x], [b, y]) => y - x || (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0))
      .slice(0, limit)
      .map(([value, clicks]) => ({ [`utm_${key}`]: value, clicks }) as Record<`utm_${typeof key}`, string | null> & { clicks: number });
  };
  return { sources: breakdown('source'), mediums: breakdown('medium'), campaigns: breakdown('campaign') };
}
