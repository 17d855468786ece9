import type { DbOrTx } from '../../core/db';
import { badRequest } from '../../core/errors';
import { clicksPerDay, clicksPerWeekdayHour, clickTotals, countCountries, topLinks, topValues, utcDayStart, type ClickFilter, type Dimension } from '../clicks';
import { getLinksByIds, linkTotalsByWorkspace } from '../links';

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

/**
 * Links and clicks come from the links' own totals (`click_count`, raised in the transaction that
 * stores the clicks); today's clicks, unique visitors and countries from the rollups.
 */
export async function workspaceSummary(db: DbOrTx, workspaceId: string, now = new Date()) {
  const [totals, rolled, countries] = await Promise.all([
    linkTotalsByWorkspace(db, [workspaceId]),
    clickTotals(db, { workspaceId }, utcDayStart(now)),
    countCountries(db, { workspaceId }),
  ]);
  const { links = 0, clicks = 0 } = totals.get(workspaceId) ?? {};
  return {
    total_links: links,
    total_clicks: clicks,
    total_countries: countries,
    today_clicks: rolled.today,
    unique_visitors: rolled.visitors,
    today_visitors: rolled.todayVisitors,
  };
}

async function dailySeries(db: DbOrTx, workspaceId: string, range: DayRange, linkId?: string) {
  const counts = await clicksPerDay(db, { workspaceId, linkId, from: range.from, to: new Date(range.to.getTime() + DAY_MS) });
  const days = Array.from({ length: range.days }, (_, i) => {
    const date = dayString(new Date(range.from.getTime() + i * DAY_MS));
    const day = counts.get(date);
    return { date, clicks: day?.clicks ?? 0, visitors: day?.visitors ?? 0 };
  });
  return { from: dayString(range.from), to: dayString(range.to), days };
}

export const workspaceDaily = (db: DbOrTx, workspaceId: string, q: RangeInput) => dailySeries(db, workspaceId, dayRange(q));

/** Top values of one dimension, keyed by the dimension's name: `[{country: 'DE', clicks: 3}]`. */
async function top<K extends Dimension>(db: DbOrTx, f: ClickFilter, dimension: K, limit: number) {
  const rows = await topValues(db, f, dimension, limit);
  return rows.map((r) => ({ [dimension]: r.value, clicks: r.clicks }) as Record<K, string | null> & { clicks: number });
}

export interface TopInput extends RangeInput {
  limit?: number;
}

export const workspaceTop = <K extends Dimension>(db: DbOrTx, workspaceId: string, dimension: K, q: TopInput) =>
  top(db, openRange(workspaceId, q), dimension, q.limit ?? DEFAULT_TOP);

export async function workspaceDevices(db: DbOrTx, workspaceId: string, q: TopInput) {
  const f = openRange(workspaceId, q);
  const limit = q.limit ?? DEFAULT_TOP;
  const [devices, browsers, os] = await Promise.all([top(db, f, 'device', limit), top(db, f, 'browser', limit), top(db, f, 'os', limit)]);
  return { devices, browsers, os };
}

/** One link: all-time totals, then the daily series and breakdowns over the day range (default the last 30 days). */
export async function linkStats(db: DbOrTx, workspaceId: string, linkId: string, q: TopInput, now = new Date()) {
  const range = dayRange(q, now);
  const f: ClickFilter = { workspaceId, linkId, from: range.from, to: new Date(range.to.getTime() + DAY_MS) };
  const limit = q.limit ?? DEFAULT_TOP;
  const [totals, countryCount, series, countries, referrers, devices, browsers, os] = await Promise.all([
    clickTotals(db, { workspaceId, linkId }, utcDayStart(now)),
    countCountries(db, { workspaceId, linkId }),
    dailySeries(db, workspaceId, range, linkId),
    top(db, f, 'country', limit),
    top(db, f, 'referrer', limit),
    top(db, f, 'device', limit),
    top(db, f, 'browser', limit),
    top(db, f, 'os', limit),
  ]);
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
  };
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Clicks per weekday and UTC hour over the day range (default the last 30 days): all 7 × 24 cells, zero-filled. */
export async function workspaceHourly(db: DbOrTx, workspaceId: string, q: RangeInput & { link_id?: string }) {
  const range = dayRange(q);
  const cells = await clicksPerWeekdayHour(db, { workspaceId, linkId: q.link_id, from: range.from, to: new Date(range.to.getTime() + DAY_MS) });
  const found = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c]));
  const hours = WEEKDAYS.flatMap((day, d) =>
    Array.from({ length: 24 }, (_, hour) => {
      const cell = found.get(`${d + 1}:${hour}`);
      return { day, hour, clicks: cell?.clicks ?? 0, visitors: cell?.visitors ?? 0 };
    }),
  );
  return { from: dayString(range.from), to: dayString(range.to), hours };
}

/** The workspace's most clicked links over an optional range (default all time). */
export async function workspaceTopLinks(db: DbOrTx, workspaceId: string, q: TopInput) {
  const rows = await topLinks(db, openRange(workspaceId, q), q.limit ?? DEFAULT_TOP);
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
