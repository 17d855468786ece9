import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { DIMENSIONS } from './rollup';
import { FACET_DIMENSIONS, holdOpenFacetDay, slicesOf, workspaceSlicesOf } from './facets';
import {
  clickLinkFacets,
  clickLinkHours,
  clickLinkPeriods,
  clickLinkSlices,
  clicks,
  clickVisitors,
  clickWorkspaceFacets,
  clickWorkspaceHours,
  clickWorkspacePeriods,
  clickWorkspaceSlices,
  linkBotDays,
} from './schema';

const COUNT_COLUMNS = sql.raw(DIMENSIONS.join(', '));
/** drizzle/0014's aggregate: the sum of jsonb counts by value */
const SUMMED_COUNTS = sql.raw(DIMENSIONS.map((d) => `click_counts_sum(${d})`).join(', '));
/** each dimension's counts of the workspace's row less the link's (drizzle/0014's click_counts_add drops what reaches 0) */
const SUBTRACT_COUNTS = sql.raw(
  DIMENSIONS.map((d) => `${d} = click_counts_add(w.${d}, (select jsonb_object_agg(key, -value::int8) from jsonb_each_text(l.${d})))`).join(', '),
);
/** the facet rows `a` and `b` of the same combination of values */
const SAME_FACET_AS = (a: string, b: string) => sql.raw(FACET_DIMENSIONS.map((d) => `${a}.${d} = ${b}.${d}`).join(' and '));
/** a link's facet row and its workspace's of the same combination of values */
const SAME_FACET = SAME_FACET_AS('w', 'l');
/** the dimensions' columns of the facet rows `table` ('' unqualified) */
const FACET_OF = (table: string) => sql.raw(FACET_DIMENSIONS.map((d) => (table ? `${table}.${d}` : d)).join(', '));

/**
 * What a foreign-key cascade did before click rows lost their foreign keys (they cost a check per
 * stored click): a deleted link's clicks and rollups go, and its counts leave the workspace's
 * rollups. One transaction, idempotent (a second run finds nothing to subtract). A workspace's
 * unique visitors stay as they were: they are not a sum over links. No facet day closes meanwhile:
 * its rows would be made from the link's raw clicks after they were subtracted, or miss them.
 */
export async function forgetLinkClicks(db: DbOrTx, workspaceId: string, linkId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await holdOpenFacetDay(tx);
    await tx.execute(sql`
      update ${clickWorkspaceHours} w set clicks = w.clicks - l.clicks from ${clickLinkHours} l
      where l.link_id = ${linkId} and w.workspace_id = ${workspaceId} and w.hour = l.hour`);
    // the link's month rows have no counts by value: its months are summed from its days here
    await tx.execute(sql`
      update ${clickWorkspacePeriods} w set clicks = w.clicks - l.clicks, ${SUBTRACT_COUNTS}
      from (
        select period, start, clicks, ${COUNT_COLUMNS} from ${clickLinkPeriods} where link_id = ${linkId} and period = 'd'
        union all
        select 'm', date_trunc('month', start)::date, sum(clicks), ${SUMMED_COUNTS}
        from ${clickLinkPeriods} where link_id = ${linkId} and period = 'd' group by 2
      ) l
      where w.workspace_id = ${workspaceId} and w.period = l.period and w.start = l.start`);
    // a workspace month row's clicks by weekday and hour: the link's day rows' hours of that month
    await tx.execute(sql`
      update ${clickWorkspaceFacets} w
      set clicks = w.clicks - l.clicks, hours = click_hours_sub(w.hours, l.hours), week_hours = click_hours_sub(w.week_hours, l.week_hours)
      from (
        select m.period, m.start, ${FACET_OF('m')}, m.clicks, m.hours, d.week_hours
        from ${clickLinkFacets} m
        left join (
          select date_trunc('month', start)::date as start, ${FACET_OF('')}, click_hours_sum(click_week_hours(start, hours)) as week_hours
          from ${clickLinkFacets} where link_id = ${linkId} and period = 'd' group by 1, ${FACET_OF('')}
        ) d on m.period = 'm' and d.start = m.start and ${SAME_FACET_AS('m', 'd')}
        where m.link_id = ${linkId}
      ) l
      where w.workspace_id = ${workspaceId} and w.period = l.period and w.start = l.start and ${SAME_FACET}`);
    await tx.execute(sql`
      update ${clickWorkspaceSlices} w set clicks = w.clicks - l.clicks
      from (${workspaceSlicesOf(sql`(select * from ${clickLinkFacets} where link_id = ${linkId} and period = 'd') f`)}) l
      where w.workspace_id = ${workspaceId} and w.dimensions = l.dimensions and w.vals = l.vals and w.start = l.start`);
    await tx.execute(sql`delete from ${clickWorkspaceSlices} where workspace_id = ${workspaceId} and clicks <= 0`);
    await tx.execute(sql`delete from ${clickWorkspaceFacets} where workspace_id = ${workspaceId} and clicks <= 0`);
    // the link's slices, found by the keys of its month rows (they lead with the workspace, not the link)
    await tx.execute(sql`
      delete from ${clickLinkSlices} s
      using (${slicesOf(sql`(select * from ${clickLinkFacets} where link_id = ${linkId} and period = 'm') f`)}) k
      where s.workspace_id = ${workspaceId} and s.dimensions = k.dimensions and s.vals = k.vals and s.start = k.start and s.link_id = ${linkId}`);
    await tx.execute(sql`delete from ${clickLinkFacets} where link_id = ${linkId}`);
    await tx.execute(sql`delete from ${clickWorkspacePeriods} where workspace_id = ${workspaceId} and clicks <= 0`);
    await tx.execute(sql`delete from ${clickWorkspaceHours} where workspace_id = ${workspaceId} and clicks <= 0`);
    await tx.execute(sql`delete from ${clickLinkHours} where link_id = ${linkId}`);
    await tx.execute(sql`delete from ${clickLinkPeriods} where link_id = ${linkId}`);
    await tx.execute(sql`delete from ${clickVisitors} where scope = ${linkId}`);
    await tx.execute(sql`delete from ${clicks} where workspace_id = ${workspaceId} and link_id = ${linkId}`);
    await tx.execute(sql`delete from ${linkBotDays} where link_id = ${linkId}`);
  });
}

/** A deleted workspace's clicks and every rollup of it and of its links (found through their period rows). */
export async function forgetWorkspaceClicks(db: DbOrTx, workspaceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await holdOpenFacetDay(tx);
    const found = await tx.execute<{ id: string }>(
      sql`select distinct link_id as id from ${clickLinkPeriods} where workspace_id = ${workspaceId} and period = 'm'`,
    );
    const linkIds = `{${rowsOf<{ id: string }>(found)
      .map((r) => r.id)
      .join(',')}}`;
    await tx.execute(sql`delete from ${clickLinkHours} where link_id = any(${linkIds}::uuid[])`);
    await tx.execute(sql`delete from ${clickLinkPeriods} where workspace_id = ${workspaceId}`);
    await tx.execute(sql`delete from ${clickVisitors} where scope = any(${linkIds}::uuid[]) or scope = ${workspaceId}`);
    await tx.execute(sql`delete from ${clickWorkspaceHours} where workspace_id = ${workspaceId}`);
    await tx.execute(sql`delete from ${clickWorkspacePeriods} where workspace_id = ${workspaceId}`);
    await tx.execute(sql`delete from ${clickLinkFacets} where workspace_id = ${workspaceId}`);
    await tx.execute(sql`delete from ${clickLinkSlices} where workspace_id = ${workspaceId}`);
    await tx.execute(sql`delete from ${clickWorkspaceSlices} where workspace_id = ${workspaceId}`);
    await tx.execute(sql`delete from ${clickWorkspaceFacets} where workspace_id = ${workspaceId}`);
    await tx.execute(sql`delete from ${clicks} where workspace_id = ${workspaceId}`);
    await tx.execute(sql`delete from ${linkBotDays} where workspace_id = ${workspaceId}`);
  });
}
