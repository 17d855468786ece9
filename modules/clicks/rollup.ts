import type { ClickBatch } from './batch';
import { FACET_DIMENSIONS } from './schema';

/**
 * A batch's clicks of closed days per link, UTC day and hour, and combination of FACET_DIMENSIONS'
 * values ('' unknown), in the batch's own numbering: each link and each combination travels once, a
 * row is five numbers.
 */
export interface FacetDays {
  /** [link id, workspace id] by number */
  links: [string, string][];
  /** the dimensions' values by number */
  combinations: string[][];
  /** `hour`: the UTC hour of the day, 0–23 */
  rows: { link: number; day: string; hour: number; combination: number; clicks: number }[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The dimensions of the daily rollups, and where each is in a batch profile. */
export const DIMENSIONS = ['country', 'referrer', 'browser', 'os', 'device', 'language'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The referrer's host (a non-URL referer is kept as sent), as drizzle/0012 computes it for older clicks. */
export function refererHost(referer: string | null): string | null {
  if (referer === null) return null;
  return (/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/([^/:?#]+)/.exec(referer)?.[1] ?? referer).toLowerCase();
}

export interface HourRow {
  scope: string;
  hour: number;
  clicks: number;
}
/** Clicks of one dimension by value ('' is unknown, or direct for the referrer). */
export type ValueCounts = Record<string, number>;
/**
 * A day ('d') or month ('m', `start` its first day) of a link or workspace: clicks and, per dimension
 * (DIMENSIONS' order), counts by value — none in a link's month rows (see periodsOf).
 */
export interface PeriodRow {
  scope: string;
  workspace: string;
  period: 'd' | 'm';
  start: string;
  clicks: number;
  counts: ValueCounts[];
}
/** a visitor of a link or workspace (`scope`) on a day, with the UTC hour (0–23) of their first visit in the batch */
export interface VisitorRow {
  scope: string;
  day: string;
  h: number;
  hour: number;
}

export interface BatchRollup {
  linkHours: HourRow[];
  workspaceHours: HourRow[];
  /** the days and months of each link (no two rows with one key) */
  linkPeriods: PeriodRow[];
  /** the same per workspace, sorted by key */
  workspacePeriods: PeriodRow[];
  visitors: VisitorRow[];
  /** clicks of days before `facetsBefore` per link, day, hour and combination of visitor dimensions (days, months and workspaces are summed in SQL) */
  facetDays: FacetDays;
  /** clicks per link id */
  perLink: Map<string, number>;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byScopeThenKey =
  <T extends { scope: string }>(key: (row: T) => string) =>
  (a: T, b: T) =>
    compare(a.scope, b.scope) || compare(key(a), key(b));

/** Interns strings as small numbers, so that rollup keys are numbers (string keys cost ~10× more per click). */
class Interned {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.values.push(value) - 1));
    return id;
  }
}

/**
 * The facet days in FacetDays' numbering: the batch's own link numbers (a batch numbers each link
 * once, ClickBatchBuilder and mergeBatches see to it; the hour rows rely on that too), the interned
 * combinations split.
 */
function facetDaysOf(batch: ClickBatch, rows: FacetDays['rows'], combinations: string[]): FacetDays {
  return { links: batch.links.map(([linkId, workspaceId]) => [linkId, workspaceId]), combinations: combinations.map((c) => c.split('\0')), rows };
}

/** Counts one click in the row under a numeric key (false: no such row yet, the caller makes it). */
function counted(rows: Map<number, { clicks: number }>, key: number): boolean {
  const row = rows.get(key);
  if (row) row.clicks++;
  return row !== undefined;
}

/** Adds a period row's clicks, and its counts unless `clicksOnly`, into another's. */
function addPeriod(into: PeriodRow, row: PeriodRow, clicksOnly: boolean) {
  into.clicks += row.clicks;
  for (let k = 0; !clicksOnly && k < DIMENSIONS.length; k++) {
    const counts = into.counts[k]!;
    for (const [value, n] of Object.entries(row.counts[k]!)) counts[value] = (counts[value] ?? 0) + n;
  }
}

const emptyPeriod = (scope: string, workspace: string, period: 'd' | 'm', start: string): PeriodRow => ({
  scope,
  workspace,
  period,
  start,
  clicks: 0,
  counts: DIMENSIONS.map(() => ({})),
});

/**
 * The months of the day rows, and the workspaces' days and months: sums of the link days. A link's
 * month rows carry its clicks and visitors only: its breakdowns (at most 366 days) read its day rows,
 * and every batch rewrites the month row, which would otherwise hold every value of the month.
 */
function periodsOf(linkDays: PeriodRow[]) {
  const linkPeriods = new Map<string, PeriodRow>();
  const workspacePeriods = new Map<string, PeriodRow>();
  const into = (rows: Map<string, PeriodRow>, scope: string, workspace: string, period: 'd' | 'm', start: string, row: PeriodRow, clicksOnly = false) => {
    const key = `${scope}:${period}:${start}`;
    let sum = rows.get(key);
    if (!sum) rows.set(key, (sum = emptyPeriod(scope, workspace, period, start)));
    addPeriod(sum, row, clicksOnly);
  };
  for (const day of linkDays) {
    const month = `${day.start.slice(0, 7)}-01`;
    linkPeriods.set(`${day.scope}:d:${day.start}`, day);
    into(linkPeriods, day.scope, day.workspace, 'm', month, day, true);
    into(workspacePeriods, day.workspace, day.workspace, 'd', day.start, day);
    into(workspacePeriods, day.workspace, day.workspace, 'm', month, day);
  }
  return {
    linkPeriods: [...linkPeriods.values()],
    workspacePeriods: [...workspacePeriods.values()].sort((a, b) => compare(a.scope, b.scope) || compare(a.period, b.period) || compare(a.start, b.start)),
  };
}

/**
 * The rollup rows of a batch's clicks of `alive` links (indexes into `batch.links`), computed in the
 * worker so that PostgreSQL only stores them: per link and hour; per link and day, and per link and
 * month, the clicks by dimension value (the same per workspace); per visitor and day; per link, day,
 * hour and combination of visitor dimensions for the days before `facetsBefore` only (closed facet days,
 * facets.ts: later days' facet rows are made from the raw clicks once the day is over). A link's day
 * and month rows are only ever written by the transaction holding that link's row lock; every other
 * row can be written by concurrent transactions, so they are sorted by their key and lock in one
 * order (no deadlock).
 */
export function rollUp(batch: ClickBatch, alive: Set<number>, facetsBefore: string): BatchRollup {
  const days = new Interned();
  const workspaces = new Interned();
  // per profile: its dimension values (computed once per profile, not per click)
  const profileValues: (string[] | undefined)[] = [];
  const valuesOf = (profile: number) => {
    let values = profileValues[profile];
    if (!values) {
      const [country, referer, browser, os, device, language] = batch.profiles[profile]!;
      const byDimension: Record<Dimension, string | null> = { country, referrer: refererHost(referer), browser, os, device, language };
      profileValues[profile] = values = DIMENSIONS.map((d) => byDimension[d] ?? '');
    }
    return values;
  };
  const linkHours = new Map<number, HourRow>();
  const workspaceHours = new Map<number, HourRow>();
  const linkDays = new Map<number, PeriodRow>();
  /** per link, day, hour and facet (an interned combination of the visitor dimensions): clicks */
  const linkHourFacets = new Map<number, FacetDays['rows'][number]>();
  const facets = new Interned();
  const profileFacets: number[] = [];
  const visitors = new Map<number, Map<number, VisitorRow>>();
  const perLink = new Map<string, number>();
  const hour0 = Math.floor(batch.t0 / HOUR_MS);
  const dayIndex = new Map<number, number>();
  const addVisitor = (scopeKey: number, scope: string, day: string, h: number, hour: number) => {
    let seen = visitors.get(scopeKey);
    if (!seen) visitors.set(scopeKey, (seen = new Map()));
    const row = seen.get(h);
    if (!row) seen.set(h, { scope, day, h, hour });
    else if (hour < row.hour) row.hour = hour;
  };
  for (let i = 0; i < batch.at.length; i++) {
    const link = batch.link[i]!;
    if (!alive.has(link)) continue;
    const [linkId, workspaceId] = batch.links[link]!;
    const w = workspaces.id(workspaceId);
    const hourIndex = Math.floor((batch.t0 + batch.at[i]!) / HOUR_MS) - hour0;
    const hour = (hour0 + hourIndex) * HOUR_MS;
    const dayStart = Math.floor(hour / DAY_MS) * DAY_MS;
    const d = dayIndex.get(dayStart) ?? dayIndex.set(dayStart, days.id(new Date(dayStart).toISOString().slice(0, 10))).get(dayStart)!;
    const day = days.values[d]!;
    perLink.set(linkId, (perLink.get(linkId) ?? 0) + 1);
    let key = link * 2 ** 24 + hourIndex;
    if (!counted(linkHours, key)) linkHours.set(key, { scope: linkId, hour, clicks: 1 });
    key = w * 2 ** 24 + hourIndex;
    if (!counted(workspaceHours, key)) workspaceHours.set(key, { scope: workspaceId, hour, clicks: 1 });
    key = link * 2 ** 20 + d;
    let linkDay = linkDays.get(key);
    if (!linkDay) linkDays.set(key, (linkDay = emptyPeriod(linkId, workspaceId, 'd', day)));
    linkDay.clicks++;
    const profile = batch.profile[i]!;
    const values = valuesOf(profile);
    for (let k = 0; k < DIMENSIONS.length; k++) {
      const counts = linkDay.counts[k]!;
      counts[values[k]!] = (counts[values[k]!] ?? 0) + 1;
    }
    const hourOfDay = (hour - dayStart) / HOUR_MS;
    if (day < facetsBefore) {
      const facet = (profileFacets[profile] ??= facets.id(FACET_DIMENSIONS.map((f) => values[DIMENSIONS.indexOf(f)]).join('\0')));
      key = ((link * 64 + d) * 32 + hourOfDay) * 2 ** 20 + facet;
      if (!counted(linkHourFacets, key)) linkHourFacets.set(key, { link, day, hour: hourOfDay, combination: facet, clicks: 1 });
    }
    const visitor = batch.profiles[batch.profile[i]!]![6];
    if (visitor != null) {
      addVisitor(link * 64 + d, linkId, day, visitor, hourOfDay);
      addVisitor(-(w * 64 + d) - 1, workspaceId, day, visitor, hourOfDay);
    }
  }
  // visitor and hourly rows are written before the links are locked, by concurrent transactions: in
  // one order for every batch, so that two of them wait for each other and never deadlock
  const byHour = byScopeThenKey<HourRow>((r) => String(r.hour).padStart(16, '0'));
  return {
    linkHours: [...linkHours.values()].sort(byHour),
    workspaceHours: [...workspaceHours.values()].sort(byHour),
    ...periodsOf([...linkDays.values()]),
    facetDays: facetDaysOf(batch, [...linkHourFacets.values()], facets.values),
    visitors: [...visitors.values()].flatMap((seen) => [...seen.values()]).sort((a, b) => compare(a.scope, b.scope) || compare(a.day, b.day) || a.h - b.h),
    perLink,
  };
}
