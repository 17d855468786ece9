import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { addClickCounts, lockExistingLinks } from '../links';
import { clicksOf, mergeBatches } from './batch';
import type { ClickRecord } from '../../core/hooks';
import type { BotVisits, ClickBatch } from './batch';
import { rollUp, type BatchRollup, type HourRow, type VisitorRow } from './rollup';
import { addFacets, holdOpenFacetDay } from './facets';
import { addClosedMonths, addPeriods, closedDaysOf } from './periods';
import { pgArray, pgTextArray } from './pg-arrays';
import { clickBatches, clickLinkHours, clicks, clickSalts, clickVisitors, clickWorkspaceHours, linkBotDays } from './schema';

export type { ClickRecord } from '../../core/hooks';

export interface StoredBatch {
  /** each link's `click_count` after this transaction (empty when nothing was inserted now) */
  counts: Map<string, number>;
  /** the workspaces of the clicks inserted now */
  workspaceIds: string[];
  /** the clicks inserted now, made on demand (10,000 records cost the worker more than storing their rollups) */
  clicks(): ClickRecord[];
  /** how many clicks were inserted now */
  inserted: number;
}

const NOTHING_STORED: StoredBatch = { counts: new Map(), workspaceIds: [], clicks: () => [], inserted: 0 };
const json = (rows: unknown[]) => JSON.stringify(rows);

/** Thrown inside the storing transaction when some of its links were deleted meanwhile: it is rolled back and stored again without them. */
class LinksDeleted extends Error {
  constructor(readonly ids: string[]) {
    super('links deleted while their clicks were being stored');
  }
}

/**
 * Stores `clicks.record` batches in one transaction: a batch already in `click_batches` is skipped
 * whole (so a re-delivered job neither duplicates nor double-counts), then each batch's raw rows go in
 * with one set-based insert, the rollups of all of them are added to, and each link's `click_count`
 * is raised once. Clicks of links deleted meanwhile are dropped. The worker stores the batches that
 * wait together (./store-groups.ts): per click, rollup rows and statements shrink with the group.
 *
 * Two transactions can run at once, so that one group's JavaScript and first statements run while the
 * other holds the links: the rollup is computed before the transaction; the raw rows, the unique
 * visitors and the hourly rows (additive, written in key order) go in before the links' row locks are
 * taken; the day and month rows, read and written back, after them. A link deleted meanwhile is found
 * missing there, and the whole transaction is done again without it.
 *
 * The counting is this module's (per-link sums of the batch, the broadcast in counts.ts); the count
 * itself stays a column of links' table, written only through links' public functions: the links list
 * sorts and filters by it and the redirect snapshot reads it with the link's row, so a table of our
 * own would add a join to every link read. The row lock it takes is also what makes a link's rollup
 * rows single-writer (periods.ts).
 */
export async function storeClicks(db: DbOrTx, ...given: ClickBatch[]): Promise<StoredBatch> {
  const batches = given.filter((b) => b.at.length);
  const deleted = new Set<string>();
  for (;;) {
    try {
      return await storeOnce(db, batches, deleted);
    } catch (err) {
      if (!(err instanceof LinksDeleted)) throw err;
      for (const id of err.ids) deleted.add(id);
    }
  }
}

/**
 * The first open facet day the last transaction found: the rollup is computed before the transaction
 * with it, and again inside when a day closed meanwhile (about once a day).
 */
let lastOpenFacetDay = '';

async function storeOnce(db: DbOrTx, batches: ClickBatch[], deleted: Set<string>): Promise<StoredBatch> {
  let merged = mergeBatches(batches);
  const aliveIn = (batch: ClickBatch) => new Set([...batch.links.keys()].filter((i) => !deleted.has(batch.links[i]![0])));
  let alive = aliveIn(merged);
  if (!alive.size) return NOTHING_STORED;
  let facetsBefore = lastOpenFacetDay;
  let rollup = rollUp(merged, alive, facetsBefore);
  return db.transaction(async (tx) => {
    // The batch's set-based statements join unnested arrays, whose row counts the planner guesses
    // high: PostgreSQL then JIT-compiles them, which cost ~0.5 s of a 10,000-click batch (measured)
    await tx.execute(sql`set local jit = off`);
    lastOpenFacetDay = await holdOpenFacetDay(tx);
    if (lastOpenFacetDay !== facetsBefore) rollup = rollUp(merged, alive, (facetsBefore = lastOpenFacetDay));
    const firstTime = await tx
      .insert(clickBatches)
      .values([...new Set(batches.map((b) => b.id))].map((id) => ({ id })))
      .onConflictDoNothing()
      .returning({ id: clickBatches.id });
    const fresh = new Set(firstTime.map((b) => b.id));
    // a batch given twice is stored once
    const stored = batches.filter((b) => fresh.delete(b.id));
    if (!stored.length) return NOTHING_STORED;
    if (stored.length < batches.length) {
      merged = mergeBatches(stored);
      alive = aliveIn(merged);
      rollup = rollUp(merged, alive, facetsBefore);
    }
    for (const batch of stored) await insertClickRows(tx, batch, deleted);
    const freshVisitors = await countNewVisitors(tx, rollup.visitors);
    await addHours(tx, rollup, freshVisitors);
    const linkIds = [...alive].map((i) => merged.links[i]![0]);
    const locked = await lockExistingLinks(tx, linkIds);
    if (locked.size < linkIds.length) throw new LinksDeleted(linkIds.filter((id) => !locked.has(id)));
    // before addPeriods, which adds the stored rows into the batch's
    const lateDays = closedDaysOf(rollup.linkPeriods, facetsBefore, freshVisitors);
    await addPeriods(tx, 'link', rollup.linkPeriods, freshVisitors);
    if (lateDays) await addClosedMonths(tx, lateDays);
    await addPeriods(tx, 'workspace', rollup.workspacePeriods, freshVisitors);
    await addFacets(tx, rollup.facetDays);
    const counts = await addClickCounts(tx, rollup.perLink);
    const workspaceIds = [...new Set(merged.links.flatMap(([linkId, workspaceId]) => (counts.has(linkId) ? [workspaceId] : [])))];
    let inserted = 0;
    for (const [linkId, n] of rollup.perLink) if (counts.has(linkId)) inserted += n;
    return { counts, workspaceIds, clicks: () => stored.flatMap(clicksOf).filter((c) => counts.has(c.link_id)), inserted };
  });
}

/**
 * A batch's raw rows (but of links found deleted): per click only three numbers travel, links and
 * profiles once each, all as array literals (cheaper to parse than JSON). A click's link is read by
 * subscript, not joined: the join cost PGlite ~40% of the insert (12–14 → 7–8 µs a row, measured),
 * and PostgreSQL no less.
 */
async function insertClickRows(tx: DbOrTx, batch: ClickBatch, deleted: Set<string>) {
  const column = (k: number) => pgTextArray(batch.links.map((link) => link[k]!));
  const dropped = pgArray(batch.links.flatMap(([linkId], i) => (deleted.has(linkId) ? [i] : [])));
  // a profile of an earlier version's batch has no variant
  const profile = (k: number) => pgTextArray(batch.profiles.map((p) => (p[k] ?? null) as string | null));
  await tx.execute(sql`
    insert into ${clicks} (id, link_id, workspace_id, clicked_at, country, referer, browser, os, device, language, variant)
    select (${batch.id.slice(0, 32)} || lpad(to_hex(c.n::int - 1), 4, '0'))::uuid, (${column(0)}::uuid[])[c.li + 1], (${column(1)}::uuid[])[c.li + 1],
           to_timestamp((${batch.t0}::int8 + c.at) / 1000.0), p.country, p.referer, p.browser, p.os, p.device, p.language, p.variant
    from unnest(${pgArray(batch.at)}::int8[], ${pgArray(batch.link)}::int[], ${pgArray(batch.profile)}::int[]) with ordinality as c(at, li, pi, n)
    join unnest(${profile(0)}::text[], ${profile(1)}::text[], ${profile(2)}::text[], ${profile(3)}::text[], ${profile(4)}::text[], ${profile(5)}::text[], ${profile(7)}::text[])
      with ordinality as p(country, referer, browser, os, device, language, variant, n) on p.n = c.pi + 1
    where c.li <> all(${dropped}::int[])`);
}

/**
 * Records the batch's visitors under their day's salt (made by the first batch of the day) and
 * answers how many were not counted before, per scope (link or workspace) and hour (`scope:epoch ms`),
 * day (`scope:d:YYYY-MM-DD`) and month (`scope:m:YYYY-MM-01`).
 */
async function countNewVisitors(tx: DbOrTx, visitors: VisitorRow[]): Promise<Map<string, number>> {
  const fresh = new Map<string, number>();
  if (!visitors.length) return fresh;
  const days = [...new Set(visitors.map((v) => v.day))];
  await tx.execute(sql`
    insert into ${clickSalts} (day, salt)
    select d::date, (random() * 9e18)::int8 from unnest(${`{${days.join(',')}}`}::text[]) d
    on conflict do nothing`);
  // per visitor only array literals travel (cheaper to parse than JSON), and only the counts come back
  const column = (pick: (v: VisitorRow) => string | number) => `{${visitors.map(pick).join(',')}}`;
  const inserted = await tx.execute(sql`
    with fresh as (
      insert into ${clickVisitors} (scope, day, visitor, hour)
      select v.scope, v.day, hashtextextended(v.h::text, s.salt), v.hour
      from unnest(${column((v) => v.scope)}::uuid[], ${column((v) => v.day)}::date[], ${column((v) => v.h)}::int8[], ${column((v) => v.hour)}::int2[])
        with ordinality as v(scope, day, h, hour, n)
      join ${clickSalts} s on s.day = v.day
      order by v.n
      on conflict do nothing
      returning scope, day, hour
    )
    select scope, day::text as day, hour, count(*)::int as n from fresh group by 1, 2, 3`);
  for (const v of rowsOf<{ scope: string; day: string; hour: number; n: number }>(inserted)) {
    const hour = Date.parse(`${v.day}T00:00:00Z`) + v.hour * 3_600_000;
    for (const key of [`${v.scope}:${hour}`, `${v.scope}:d:${v.day}`, `${v.scope}:m:${v.day.slice(0, 7)}-01`]) fresh.set(key, (fresh.get(key) ?? 0) + v.n);
  }
  return fresh;
}

/** Adds a batch's counts to the hourly rollups: one statement, rows in key order. */
async function addHours(tx: DbOrTx, r: BatchRollup, freshVisitors: Map<string, number>) {
  const hours = (rows: HourRow[]) => json(rows.map((h) => ({ ...h, visitors: freshVisitors.get(`${h.scope}:${h.hour}`) ?? 0 })));
  await tx.execute(sql`
    with link_hours as (
      insert into ${clickLinkHours} (link_id, hour, clicks, visitors)
      select r.scope, to_timestamp(r.hour / 1000.0), r.clicks, r.visitors
      from rows from (jsonb_to_recordset(${hours(r.linkHours)}::jsonb) as (scope uuid, hour int8, clicks int8, visitors int8)) with ordinality as r(scope, hour, clicks, visitors, n) order by r.n
      on conflict (link_id, hour) do update set clicks = ${clickLinkHours}.clicks + excluded.clicks, visitors = ${clickLinkHours}.visitors + excluded.visitors
    )
    insert into ${clickWorkspaceHours} (workspace_id, hour, clicks, visitors)
    select r.scope, to_timestamp(r.hour / 1000.0), r.clicks, r.visitors
    from rows from (jsonb_to_recordset(${hours(r.workspaceHours)}::jsonb) as (scope uuid, hour int8, clicks int8, visitors int8)) with ordinality as r(scope, hour, clicks, visitors, n) order by r.n
    on conflict (workspace_id, hour) do update set clicks = ${clickWorkspaceHours}.clicks + excluded.clicks, visitors = ${clickWorkspaceHours}.visitors + excluded.visitors`);
}

/** Adds a `clicks.bots` job's visits to the per-link, per-day bot counts (not idempotent: a retried job may count twice, bots are an estimate). */
export async function storeBotVisits(db: DbOrTx, { day, visits }: BotVisits): Promise<void> {
  if (!visits.length) return;
  const column = (k: number) => pgTextArray(visits.map((v) => String(v[k])));
  await db.execute(sql`
    insert into ${linkBotDays} (link_id, workspace_id, day, visits)
    select v.link_id, v.workspace_id, ${day}::date, v.n
    from unnest(${column(0)}::uuid[], ${column(1)}::uuid[], ${column(2)}::int8[]) as v(link_id, workspace_id, n)
    on conflict (link_id, day) do update set visits = ${linkBotDays}.visits + excluded.visits`);
}
