import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { addClickCounts, lockExistingLinks } from '../links/click-counts';
import { BATCH_MAX, ClickBatchBuilder, clicksOf, EMBEDDED_BATCH_MAX, type Click } from './batch';
import type { ClickBatch, ClickRecord } from './hooks';
import { rollUp, type BatchRollup, type HourRow, type VisitorRow } from './rollup';
import { clickBatches, clickLinkDays, clickLinkHours, clicks, clickSalts, clickVisitors, clickWorkspaceDays, clickWorkspaceHours } from './schema';
import './hooks';

export type { ClickRecord } from './hooks';

const FLUSH_EVERY_MS = 100;
/** a batch is retried (10 s apart once the backoff is capped) through a day-long PostgreSQL outage, not lost after minutes */
const BATCH_ATTEMPTS = 8_640;

/**
 * Visits are appended to an in-memory batch (no await on the redirect path) and handed to the
 * `clicks.record` job every 100 ms or BATCH_MAX (10,000) clicks, EMBEDDED_BATCH_MAX (500) with the
 * in-process queue. While Redis is unreachable the queue keeps the batches in memory and re-sends
 * them when it answers again.
 */
export class ClickRecorder {
  private batch = new ClickBatchBuilder();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = new Set<Promise<void>>();
  readonly batchMax: number;

  constructor(private readonly deps: Pick<Deps, 'queue' | 'log'>) {
    this.batchMax = deps.queue.kind === 'memory' ? EMBEDDED_BATCH_MAX : BATCH_MAX;
  }

  record(click: Click): void {
    this.batch.add(click);
    if (this.batch.size >= this.batchMax) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_EVERY_MS);
  }

  /** hand the current batch to the queue now */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.batch.size) return Promise.all(this.sending).then(() => {});
    const batch = this.batch.build();
    this.batch = new ClickBatchBuilder();
    const sent = this.deps.queue
      .enqueue('clicks.record', batch, { jobId: `clicks-${batch.id}`, attempts: BATCH_ATTEMPTS })
      .catch((err) => this.deps.log.error({ err, clicks: batch.at.length }, 'click batch not queued'))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
    return sent;
  }
}

const recorders = new WeakMap<object, ClickRecorder>();

/** The recorder of this process (one per Deps). */
export function clickRecorder(deps: Pick<Deps, 'queue' | 'log'>): ClickRecorder {
  let recorder = recorders.get(deps);
  if (!recorder) recorders.set(deps, (recorder = new ClickRecorder(deps)));
  return recorder;
}

/** Tests and shutdown: queue what is buffered and wait until the queue (in this process) has stored it. */
export async function flushClicks(deps: Pick<Deps, 'queue' | 'log'>): Promise<void> {
  await clickRecorder(deps).flush();
  await deps.queue.idle();
}

export interface StoredBatch {
  /** the clicks inserted now (none when the batch was stored before) */
  clicks: ClickRecord[];
  /** each link's `click_count` after this batch */
  counts: Map<string, number>;
}

const NOTHING_STORED: StoredBatch = { clicks: [], counts: new Map() };
const json = (rows: unknown[]) => JSON.stringify(rows);
const pgArray = (values: number[]) => `{${values.join(',')}}`;

/**
 * The `clicks.record` processor, one transaction: a batch already in `click_batches` is skipped whole
 * (so a re-delivered job neither duplicates nor double-counts), then the raw rows go in with one
 * set-based insert, the rollups are added to, and each link's `click_count` is raised once. Clicks of
 * links deleted meanwhile are dropped.
 */
export async function storeClicks(db: DbOrTx, batch: ClickBatch): Promise<StoredBatch> {
  if (!batch.at.length) return NOTHING_STORED;
  return db.transaction(async (tx) => {
    const aliveIds = await lockExistingLinks(tx, batch.links.map(([id]) => id));
    const alive = new Set(batch.links.flatMap(([id], i) => (aliveIds.has(id) ? [i] : [])));
    if (!alive.size) return NOTHING_STORED;
    const first = await tx.insert(clickBatches).values({ id: batch.id }).onConflictDoNothing().returning({ id: clickBatches.id });
    if (!first.length) return NOTHING_STORED;
    const links = batch.links.flatMap(([link_id, workspace_id], i) => (alive.has(i) ? [{ i, link_id, workspace_id }] : []));
    const profiles = batch.profiles.map(([country, referer, browser, os, device, language], i) => ({ i, country, referer, browser, os, device, language }));
    // per click only three numbers travel, as array literals; links and profiles once each as JSON
    await tx.execute(sql`
      insert into ${clicks} (id, link_id, workspace_id, clicked_at, country, referer, browser, os, device, language)
      select (${batch.id.slice(0, 32)} || lpad(to_hex(c.n::int - 1), 4, '0'))::uuid, l.link_id, l.workspace_id,
             to_timestamp((${batch.t0}::int8 + c.at) / 1000.0), p.country, p.referer, p.browser, p.os, p.device, p.language
      from unnest(${pgArray(batch.at)}::int8[], ${pgArray(batch.link)}::int[], ${pgArray(batch.profile)}::int[]) with ordinality as c(at, li, pi, n)
      join jsonb_to_recordset(${json(links)}::jsonb) as l(i int, link_id uuid, workspace_id uuid) on l.i = c.li
      join jsonb_to_recordset(${json(profiles)}::jsonb) as p(i int, country text, referer text, browser text, os text, device text, language text) on p.i = c.pi`);
    const rollup = rollUp(batch, alive);
    await addRollups(tx, rollup, await countNewVisitors(tx, rollup.visitors));
    const counts = await addClickCounts(tx, rollup.perLink);
    const stored = clicksOf(batch).filter((c) => counts.has(c.link_id));
    return { clicks: stored, counts };
  });
}

/**
 * Records the batch's visitors under their day's salt (made by the first batch of the day) and
 * answers how many were not counted before, per scope (link or workspace) and hour (epoch ms).
 */
async function countNewVisitors(tx: DbOrTx, visitors: VisitorRow[]): Promise<Map<string, number>> {
  const fresh = new Map<string, number>();
  if (!visitors.length) return fresh;
  const days = [...new Set(visitors.map((v) => v.day))];
  await tx.execute(sql`
    insert into ${clickSalts} (day, salt)
    select d::date, (random() * 9e18)::int8 from unnest(${`{${days.join(',')}}`}::text[]) d
    on conflict do nothing`);
  const inserted = await tx.execute<{ scope: string; day: string; hour: number }>(sql`
    insert into ${clickVisitors} (scope, day, visitor, hour)
    select v.scope, v.day, hashtextextended(v.h::text, s.salt), v.hour
    from rows from (jsonb_to_recordset(${json(visitors)}::jsonb) as (scope uuid, day date, h int8, hour int2)) with ordinality as v(scope, day, h, hour, n)
    join ${clickSalts} s on s.day = v.day
    order by v.n
    on conflict do nothing
    returning scope, day::text as day, hour`);
  for (const v of rowsOf<{ scope: string; day: string; hour: number }>(inserted)) {
    const hour = Date.parse(`${v.day}T00:00:00Z`) + v.hour * 3_600_000;
    const key = `${v.scope}:${hour}`;
    fresh.set(key, (fresh.get(key) ?? 0) + 1);
  }
  return fresh;
}

/** Adds a batch's counts to the hourly and daily rollups: one statement, rows in key order. */
async function addRollups(tx: DbOrTx, r: BatchRollup, freshVisitors: Map<string, number>) {
  const hours = (rows: HourRow[]) => json(rows.map((h) => ({ ...h, visitors: freshVisitors.get(`${h.scope}:${h.hour}`) ?? 0 })));
  await tx.execute(sql`
    with link_hours as (
      insert into ${clickLinkHours} (link_id, hour, clicks, visitors)
      select r.scope, to_timestamp(r.hour / 1000.0), r.clicks, r.visitors
      from rows from (jsonb_to_recordset(${hours(r.linkHours)}::jsonb) as (scope uuid, hour int8, clicks int8, visitors int8)) with ordinality as r(scope, hour, clicks, visitors, n) order by r.n
      on conflict (link_id, hour) do update set clicks = ${clickLinkHours}.clicks + excluded.clicks, visitors = ${clickLinkHours}.visitors + excluded.visitors
    ), workspace_hours as (
      insert into ${clickWorkspaceHours} (workspace_id, hour, clicks, visitors)
      select r.scope, to_timestamp(r.hour / 1000.0), r.clicks, r.visitors
      from rows from (jsonb_to_recordset(${hours(r.workspaceHours)}::jsonb) as (scope uuid, hour int8, clicks int8, visitors int8)) with ordinality as r(scope, hour, clicks, visitors, n) order by r.n
      on conflict (workspace_id, hour) do update set clicks = ${clickWorkspaceHours}.clicks + excluded.clicks, visitors = ${clickWorkspaceHours}.visitors + excluded.visitors
    ), link_days as (
      insert into ${clickLinkDays} (link_id, dimension, day, value, clicks)
      select r.scope, r.dimension, r.day, r.value, r.clicks
      from rows from (jsonb_to_recordset(${json(r.linkDays)}::jsonb) as (scope uuid, dimension text, day date, value text, clicks int8)) with ordinality as r(scope, dimension, day, value, clicks, n) order by r.n
      on conflict (link_id, dimension, day, value) do update set clicks = ${clickLinkDays}.clicks + excluded.clicks
    )
    insert into ${clickWorkspaceDays} (workspace_id, dimension, day, value, clicks)
    select r.scope, r.dimension, r.day, r.value, r.clicks
    from rows from (jsonb_to_recordset(${json(r.workspaceDays)}::jsonb) as (scope uuid, dimension text, day date, value text, clicks int8)) with ordinality as r(scope, dimension, day, value, clicks, n) order by r.n
    on conflict (workspace_id, dimension, day, value) do update set clicks = ${clickWorkspaceDays}.clicks + excluded.clicks`);
}
