import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { pgArray, pgTextArray } from './pg-arrays';
import { clickLinkFacets, clickWorkspaceFacets, FACET_DIMENSIONS, type FacetDimension } from './schema';

export { FACET_DIMENSIONS, type FacetDimension };

/**
 * A batch's clicks per link, UTC day and combination of FACET_DIMENSIONS' values ('' unknown), in
 * the batch's own numbering: each link and each combination travels once, a row is four numbers.
 * (Sent as one row per link, day and combination with its five texts, and with the months and
 * workspace rows made here, these rows cost the worker ~60 % of its CPU in the 1,000-link mix.)
 */
export interface FacetDays {
  /** [link id, workspace id] by number */
  links: [string, string][];
  /** the dimensions' values by number */
  combinations: string[][];
  rows: { link: number; day: string; combination: number; clicks: number }[];
}

/**
 * The batch's rows in SQL (`facet`: link and workspace ids, period, start, the dimensions' values,
 * clicks), days and months. Numbers are 1-based (`ordinality`). Each (link, day, combination) is one
 * row (rollUp's maps), so no key repeats in an upsert.
 */
function facetRows(days: FacetDays) {
  const column = (k: number) => sql`${pgTextArray(days.combinations.map((c) => c[k]!))}::text[]`;
  return sql`
    with day as (
      select r.link, r.start, r.combination, r.clicks
      from unnest(${pgArray(days.rows.map((r) => r.link + 1))}::int[], ${pgTextArray(days.rows.map((r) => r.day))}::date[],
        ${pgArray(days.rows.map((r) => r.combination + 1))}::int[], ${pgArray(days.rows.map((r) => r.clicks))}::int8[]) r(link, start, combination, clicks)),
    link as (
      select * from unnest(${pgTextArray(days.links.map((l) => l[0]))}::uuid[], ${pgTextArray(days.links.map((l) => l[1]))}::uuid[])
        with ordinality l(link_id, workspace_id, n)),
    combination as (
      select * from unnest(${sql.join(
        FACET_DIMENSIONS.map((_, k) => column(k)),
        sql`, `,
      )}) with ordinality c(${sql.raw(FACET_DIMENSIONS.join(', '))}, n)),
    period as (
      select link, 'd' as period, start, combination, clicks from day
      union all
      select link, 'm', date_trunc('month', start)::date, combination, sum(clicks) from day group by 1, 3, 4),
    facet as materialized (
      select l.link_id, l.workspace_id, p.period, p.start, ${sql.raw(FACET_DIMENSIONS.map((d) => `c.${d}`).join(', '))}, p.clicks
      from period p join link l on l.n = p.link join combination c on c.n = p.combination)`;
}

const COLUMNS = sql.raw(FACET_DIMENSIONS.join(', '));
/** the dimensions compared byte by byte: the database's collation makes sorting a batch's rows ~10× dearer */
const BYTE_ORDER = sql.raw(FACET_DIMENSIONS.map((d) => `${d} collate "C"`).join(', '));

/**
 * Adds a batch's facet days to the link and workspace facet rollups, with their months, in one
 * statement (the batch's arrays are parsed once). Two batches never update one link's rows at once:
 * each holds its links' row locks (service.ts). Nor one workspace's: each has updated the
 * workspace's day row before. The workspace rows still go in key order, so that a change of that
 * order of statements cannot make two batches deadlock here.
 */
export async function addFacets(tx: DbOrTx, days: FacetDays): Promise<void> {
  if (!days.rows.length) return;
  await tx.execute(sql`
    ${facetRows(days)},
    by_link as (
      insert into ${clickLinkFacets} (link_id, workspace_id, period, start, ${COLUMNS}, clicks)
      select * from facet order by link_id, period, start
      on conflict (link_id, period, start, ${COLUMNS}) do update set clicks = ${clickLinkFacets}.clicks + excluded.clicks)
    insert into ${clickWorkspaceFacets} (workspace_id, period, start, ${COLUMNS}, clicks)
    select workspace_id, period, start, ${BYTE_ORDER}, sum(clicks) from facet
    group by workspace_id, period, start, ${BYTE_ORDER}
    order by workspace_id, period, start, ${BYTE_ORDER}
    on conflict (workspace_id, period, start, ${COLUMNS}) do update set clicks = ${clickWorkspaceFacets}.clicks + excluded.clicks`);
}
