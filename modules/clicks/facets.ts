import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../core/db';
import { addClosedMonths } from './periods';
import { pgArray, pgTextArray } from './pg-arrays';
import { DIMENSIONS, type FacetDays } from './rollup';
import {
  clickFacetsClosed,
  clickLinkFacets,
  clickLinkPeriods,
  clickLinkSlices,
  clicks,
  clickWorkspaceFacets,
  clickWorkspacePeriods,
  clickWorkspaceSlices,
  FACET_DIMENSIONS,
  type FacetDimension,
} from './schema';

export { FACET_DIMENSIONS, type FacetDimension };

/**
 * Facet days are closed one at a time (closeFacetDays) under this lock, held exclusively; storing
 * clicks and forgetting a link's hold it shared, so that a day never closes while a transaction that
 * read it open is writing its clicks. An advisory lock: PostgreSQL queues a shared request behind a
 * waiting exclusive one, so two storing transactions that always overlap cannot starve the closing
 * (a row lock taken FOR SHARE would let them).
 */
const FACET_DAYS_LOCK = sql`hashtext('click_facets_closed')`;
/** A day is closed this long after its end: batches are stored within seconds, later ones go in as late clicks. */
const CLOSE_AFTER_MS = 15 * 60_000;

/**
 * A raw click's dimension values as the facet rollups keep them ('' unknown); the referrer's host as
 * rollup.ts's refererHost computes it for a batch's late clicks.
 */
export const rawFacetValues: Record<FacetDimension, SQL> = {
  country: sql`coalesce(${clicks.country}, '')`,
  referrer: sql`coalesce(lower(coalesce(substring(${clicks.referer} from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), ${clicks.referer})), '')`,
  browser: sql`coalesce(${clicks.browser}, '')`,
  os: sql`coalesce(${clicks.os}, '')`,
  device: sql`coalesce(${clicks.device}, '')`,
};

/** The first open facet day (`YYYY-MM-DD`); none before the first closing (every day closed). */
async function firstOpenFacetDay(db: DbOrTx): Promise<string | undefined> {
  const [row] = rowsOf<{ until: string }>(await db.execute(sql`select until::text as until from ${clickFacetsClosed}`));
  return row?.until;
}

/**
 * Takes the facet days' lock shared for the rest of the transaction and answers the first open day:
 * clicks of earlier days go into the facet rollups with their batch (every day's, before the first
 * closing made the row).
 */
export async function holdOpenFacetDay(tx: DbOrTx): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${FACET_DAYS_LOCK})`);
  // a statement of its own: it sees a closing committed while this transaction waited for the lock
  return (await firstOpenFacetDay(tx)) ?? '9999-12-31';
}

/** The slices (click_link_slices, click_workspace_slices): each dimension, and each pair, by their columns (FACET_DIMENSIONS order). */
const SLICES = FACET_DIMENSIONS.flatMap((a, i) => [[a], ...FACET_DIMENSIONS.slice(i + 1).map((b) => [a, b])]);
/**
 * A slice's `dimensions` (bits: FACET_DIMENSIONS' k-th is 1 << k, those GROUPING() does not flag, its
 * first argument the highest bit) and `vals` (the grouped columns' values; a facet row has no null).
 */
const SLICE_COLUMNS = sql.raw(
  `${(1 << FACET_DIMENSIONS.length) - 1} - grouping(${[...FACET_DIMENSIONS].reverse().join(', ')}) as dimensions, array_remove(array[${FACET_DIMENSIONS.join(', ')}], null) as vals`,
);
const SLICE_SETS = sql.raw(`grouping sets (${SLICES.map((columns) => `(${columns.join(', ')})`).join(', ')})`);

/**
 * The link slices of `rows` (facet rows: link_id, workspace_id, start, the dimensions and clicks):
 * click_link_slices' columns, summed by month. Grouping sets: one pass over the rows (a row per row
 * and slice before grouping took the closing ~5× as long).
 */
export const slicesOf = (rows: SQL) => sql`
  select workspace_id, ${SLICE_COLUMNS}, date_trunc('month', start)::date as start, link_id, sum(clicks) as clicks
  from ${rows} group by workspace_id, link_id, 4, ${SLICE_SETS}`;

/** The workspace slices of `rows` (facet day rows: workspace_id, start, the dimensions and clicks): click_workspace_slices' columns, by day. */
export const workspaceSlicesOf = (rows: SQL) => sql`
  select workspace_id, ${SLICE_COLUMNS}, start, sum(clicks) as clicks
  from ${rows} group by workspace_id, start, ${SLICE_SETS}`;

const COLUMNS = sql.raw(FACET_DIMENSIONS.join(', '));
/** the dimensions compared byte by byte: the database's collation makes sorting a batch's rows ~10× dearer */
const BYTE_ORDER = sql.raw(FACET_DIMENSIONS.map((d) => `${d} collate "C"`).join(', '));

/**
 * Adds hour rows (`hourRows`: a query of link_id, workspace_id, start, hour, the dimensions' values
 * and clicks, one row per link, day, hour and combination) to the link and workspace facet rollups as
 * day rows, with their clicks by hour (drizzle/0030's functions), and month rows (a workspace's with
 * its clicks by weekday and hour, drizzle/0031), and the slices of both (drizzle/0032), in one statement. Two writers never update one link's
 * rows at once: a batch holds its links' row locks (service.ts), the closing holds the facet days'
 * lock exclusively. Rows go in key order, so that two writers of one workspace's rows wait for each
 * other and never deadlock.
 */
async function addFacetRows(tx: DbOrTx, hourRows: SQL): Promise<void> {
  await tx.execute(sql`
    with hour as (${hourRows}),
    day as (
      select link_id, workspace_id, start, ${COLUMNS}, sum(clicks) as clicks, click_hours_of(hour::int, clicks) as hours
      from hour group by link_id, workspace_id, start, ${COLUMNS}),
    by_link as (
      insert into ${clickLinkFacets} (link_id, workspace_id, period, start, ${COLUMNS}, clicks, hours)
      select * from (
        select link_id, workspace_id, 'd'::char(1) as period, start, ${COLUMNS}, clicks, hours from day
        union all
        select link_id, workspace_id, 'm', date_trunc('month', start)::date, ${COLUMNS}, sum(clicks), null from day
        group by link_id, workspace_id, 4, ${COLUMNS}) facet
      order by link_id, period, start, ${BYTE_ORDER}
      on conflict (link_id, period, start, ${COLUMNS})
      do update set clicks = ${clickLinkFacets}.clicks + excluded.clicks, hours = click_hours_add(${clickLinkFacets}.hours, excluded.hours)),
    -- the link month rows' sums by one and two dimensions (no order: each row is one link's)
    by_slice as (
      insert into ${clickLinkSlices} (workspace_id, dimensions, vals, start, link_id, clicks)
      ${slicesOf(sql`day`)}
      on conflict (workspace_id, dimensions, vals, start, link_id) do update set clicks = ${clickLinkSlices}.clicks + excluded.clicks),
    -- named after their columns (a collation keeps the name)
    workspace_day as (
      select workspace_id, start, ${BYTE_ORDER}, sum(clicks) as clicks, click_hours_sum(hours) as hours
      from day group by workspace_id, start, ${BYTE_ORDER}),
    -- in key order: two writers of one workspace's rows wait for each other
    by_workspace_slice as (
      insert into ${clickWorkspaceSlices} (workspace_id, dimensions, vals, start, clicks)
      ${workspaceSlicesOf(sql`workspace_day`)} order by 1, 2, 3, 4
      on conflict (workspace_id, dimensions, vals, start) do update set clicks = ${clickWorkspaceSlices}.clicks + excluded.clicks)
    insert into ${clickWorkspaceFacets} (workspace_id, period, start, ${COLUMNS}, clicks, hours, week_hours)
    select * from (
      select workspace_id, 'd'::char(1) as period, start, ${COLUMNS}, clicks, hours, null::int4[] as week_hours from workspace_day
      union all
      select workspace_id, 'm', date_trunc('month', start)::date, ${COLUMNS}, sum(clicks), null, click_hours_sum(click_week_hours(start, hours))
      from workspace_day group by workspace_id, 3, ${COLUMNS}) facet
    order by workspace_id, period, start, ${BYTE_ORDER}
    on conflict (workspace_id, period, start, ${COLUMNS})
    do update set clicks = ${clickWorkspaceFacets}.clicks + excluded.clicks, hours = click_hours_add(${clickWorkspaceFacets}.hours, excluded.hours),
      week_hours = click_hours_add(${clickWorkspaceFacets}.week_hours, excluded.week_hours)`);
}

/** Adds a batch's clicks of closed days (late clicks) to the facet rollups. Numbers are 1-based in SQL (`ordinality`). */
export async function addFacets(tx: DbOrTx, days: FacetDays): Promise<void> {
  if (!days.rows.length) return;
  const column = (k: number) => sql`${pgTextArray(days.combinations.map((c) => c[k]!))}::text[]`;
  await addFacetRows(
    tx,
    sql`
      select l.link_id, l.workspace_id, r.start, r.hour, ${sql.raw(FACET_DIMENSIONS.map((d) => `c.${d}`).join(', '))}, r.clicks
      from unnest(${pgArray(days.rows.map((r) => r.link + 1))}::int[], ${pgTextArray(days.rows.map((r) => r.day))}::date[],
        ${pgArray(days.rows.map((r) => r.hour))}::int2[], ${pgArray(days.rows.map((r) => r.combination + 1))}::int[],
        ${pgArray(days.rows.map((r) => r.clicks))}::int8[]) r(link, start, hour, combination, clicks)
      join unnest(${pgTextArray(days.links.map((l) => l[0]))}::uuid[], ${pgTextArray(days.links.map((l) => l[1]))}::uuid[])
        with ordinality l(link_id, workspace_id, n) on l.n = r.link
      join unnest(${sql.join(
        FACET_DIMENSIONS.map((_, k) => column(k)),
        sql`, `,
      )}) with ordinality c(${COLUMNS}, n) on c.n = r.combination`,
  );
}

/**
 * Closes every open UTC day that ended CLOSE_AFTER_MS before `now`, one transaction per day: its
 * facet rows are made from its raw clicks (a deleted link's are gone with them), and clicks of it
 * stored afterwards go in with their batch. Answers the days closed.
 */
export async function closeFacetDays(db: Db, now = new Date()): Promise<string[]> {
  const closable = new Date(now.getTime() - CLOSE_AFTER_MS).toISOString().slice(0, 10);
  const closed: string[] = [];
  // most runs find nothing to close: they take no lock, so no storing transaction queues behind them
  const known = await firstOpenFacetDay(db);
  if (known && known >= closable) return closed;
  for (;;) {
    const day = await db.transaction(async (tx) => {
      // a free lock is taken at once; a closing that finds it held waits at most 10 s (new storing
      // transactions queue behind a waiting closing), then gives up until the job's next run
      const [free] = rowsOf<{ taken: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${FACET_DAYS_LOCK}) as taken`));
      if (!free?.taken) {
        await tx.execute(sql`set local lock_timeout = '10s'`);
        await tx.execute(sql`select pg_advisory_xact_lock(${FACET_DAYS_LOCK})`);
        await tx.execute(sql`set local lock_timeout = 0`);
      }
      // a day's clicks grouped in memory rather than spilled to disk (1,000,000 clicks of the bench
      // mix: ~65 MB of groups, 2.6 s with the default 4 MB); no JIT for a statement planned once a day
      await tx.execute(sql`set local work_mem = '128MB'`);
      await tx.execute(sql`set local jit = off`);
      // the first closing of a database: every click so far went in with its batch, today's too
      await tx.execute(sql`insert into ${clickFacetsClosed} (until) values ((now() at time zone 'UTC')::date + 1) on conflict do nothing`);
      const until = await firstOpenFacetDay(tx);
      if (!until || until >= closable) return undefined;
      const start = sql`${until}::date::timestamp at time zone 'UTC'`;
      await addFacetRows(
        tx,
        sql`
          select ${clicks.linkId} as link_id, ${clicks.workspaceId} as workspace_id, ${until}::date as start,
            extract(hour from ${clicks.clickedAt} at time zone 'UTC')::int2 as hour, ${sql.join(
              FACET_DIMENSIONS.map((d) => sql`${rawFacetValues[d]} as ${sql.raw(d)}`),
              sql`, `,
            )}, count(*) as clicks
          from ${clicks}
          where ${clicks.clickedAt} >= ${start} and ${clicks.clickedAt} < ${start} + interval '1 day'
          group by 1, 2, 4, ${sql.raw(FACET_DIMENSIONS.map((_, k) => String(k + 5)).join(', '))}`,
      );
      // the day's link rows into their closed months, found through the workspaces with a row of that
      // day (both indexed; its raw clicks may be gone, CLICK_RETENTION_DAYS)
      await addClosedMonths(
        tx,
        sql`select link_id, start, workspace_id, clicks, visitors, ${sql.raw(DIMENSIONS.join(', '))} from ${clickLinkPeriods}
          where period = 'd' and start = ${until}::date
            and workspace_id in (select workspace_id from ${clickWorkspacePeriods} where period = 'd' and start = ${until}::date)`,
      );
      await tx.execute(sql`update ${clickFacetsClosed} set until = until + 1`);
      return until;
    });
    if (!day) return closed;
    closed.push(day);
  }
}
