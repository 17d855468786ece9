import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { pgArray, pgTextArray } from './pg-arrays';
import { DIMENSIONS, type PeriodRow, type ValueCounts } from './rollup';
import { clickLinkPeriods, clickWorkspacePeriods } from './schema';

const SCOPES = {
  /** a link's rows are written only under its row lock (held by the storing transaction): read, add up, write back */
  link: { table: clickLinkPeriods, key: sql`link_id`, withWorkspace: true, lock: false },
  /** a workspace's rows are shared by concurrent batches: made if missing, then locked in key order */
  workspace: { table: clickWorkspacePeriods, key: sql`workspace_id`, withWorkspace: false, lock: true },
};

const COUNT_COLUMNS = sql.raw(DIMENSIONS.join(', '));
const COUNT_UPDATES = sql.raw(['clicks', 'visitors', ...DIMENSIONS].map((c) => `${c} = excluded.${c}`).join(', '));
const EMPTY_COUNTS = sql.raw(DIMENSIONS.map(() => `'{}'`).join(', '));
const OLD_COUNTS = sql.raw(DIMENSIONS.map((d) => `p.${d}`).join(', '));

type Stored = [index: number, clicks: number, visitors: number, ...counts: ValueCounts[]];

/**
 * Adds a batch's day and month rows to a link's or workspace's rollup. The counts by value are jsonb
 * objects (one row per link and day instead of one per link, day, dimension and value); PostgreSQL
 * only reads and writes the rows, the worker adds them up, so the rows of a batch cost three
 * statements whatever their number. `freshVisitors`: new unique visitors by `scope:period:start`.
 */
export async function addPeriods(tx: DbOrTx, scope: keyof typeof SCOPES, rows: PeriodRow[], freshVisitors: Map<string, number>): Promise<void> {
  if (!rows.length) return;
  const { table, key, withWorkspace, lock } = SCOPES[scope];
  // column arrays, not one JSON document: PostgreSQL parses them (and the counts' small jsonb values) faster
  const text = (pick: (r: PeriodRow) => string) => pgTextArray(rows.map(pick));
  const keyArrays = sql`${text((r) => r.scope)}::uuid[], ${text((r) => r.period)}::text[], ${text((r) => r.start)}::date[]`;
  const keyRows = sql`unnest(${keyArrays}) with ordinality as k(scope, period, start, n)`;
  if (lock) {
    await tx.execute(sql`
      insert into ${table} (${key}, period, start, clicks, visitors, ${COUNT_COLUMNS})
      select k.scope, k.period, k.start, 0, 0, ${EMPTY_COUNTS} from ${keyRows} order by k.n
      on conflict do nothing`);
  }
  const stored = await tx.execute<{ row: string }>(sql`
    select json_build_array(k.n, p.clicks, p.visitors, ${OLD_COUNTS})::text as row
    from ${keyRows} join ${table} p on p.${key} = k.scope and p.period = k.period and p.start = k.start
    order by k.n ${lock ? sql`for update of p` : sql``}`);
  const storedVisitors = rows.map(() => 0);
  for (const { row } of rowsOf<{ row: string }>(stored)) {
    const [n, clicks, visitors, ...counts] = JSON.parse(row) as Stored;
    const into = rows[n - 1]!;
    into.clicks += Number(clicks);
    storedVisitors[n - 1] = Number(visitors);
    counts.forEach((old, k) => {
      const sum = into.counts[k]!;
      for (const [value, c] of Object.entries(old)) sum[value] = (sum[value] ?? 0) + c;
    });
  }
  const fresh = (r: PeriodRow, i: number) => storedVisitors[i]! + (freshVisitors.get(`${r.scope}:${r.period}:${r.start}`) ?? 0);
  const counts = DIMENSIONS.map((_, k) => sql`${text((r) => JSON.stringify(r.counts[k]))}::jsonb[]`);
  await tx.execute(sql`
    insert into ${table} (${key}, period, start${withWorkspace ? sql`, workspace_id` : sql``}, clicks, visitors, ${COUNT_COLUMNS})
    select * from unnest(${keyArrays},
      ${withWorkspace ? sql`${text((r) => r.workspace)}::uuid[], ` : sql``}${pgArray(rows.map((r) => r.clicks))}::int8[], ${pgArray(rows.map(fresh))}::int8[],
      ${sql.join(counts, sql`, `)})
    on conflict (${key}, period, start) do update set ${COUNT_UPDATES}`);
}

const CLOSED_MONTH_UPDATES = sql.raw(
  ['clicks', 'visitors']
    .map((c) => `${c} = click_link_periods.${c} + excluded.${c}`)
    .concat(DIMENSIONS.map((d) => `${d} = click_counts_add(click_link_periods.${d}, excluded.${d})`))
    .join(', '),
);

/**
 * Adds link day rows (`days`: a query of click_link_periods' columns, period aside) to their links'
 * closed months: the 'c' rows of click_link_periods, one per link and month, which hold the sums of
 * the link's day rows of the month's closed facet days (facets.ts), counts by value included — what
 * a link's breakdowns read instead of a day row per day. Not kept by every batch (as the 'm' rows
 * are): a busy link's month holds every value of the month, and each batch would rewrite them; the
 * closing of a day adds its day rows once, and a batch adds its clicks of days already closed (late
 * clicks). Both under the facet days' lock (the closing exclusively), so a day is added exactly once.
 */
export async function addClosedMonths(tx: DbOrTx, days: SQL): Promise<void> {
  await tx.execute(sql`
    insert into ${clickLinkPeriods} (link_id, period, start, workspace_id, clicks, visitors, ${COUNT_COLUMNS})
    select link_id, 'c', date_trunc('month', start)::date, workspace_id, sum(clicks), sum(visitors),
      ${sql.raw(DIMENSIONS.map((d) => `click_counts_sum(${d})`).join(', '))}
    from (${days}) d
    group by link_id, 3, workspace_id
    order by link_id, 3
    on conflict (link_id, period, start) do update set ${CLOSED_MONTH_UPDATES}`);
}

/**
 * A batch's clicks of closed facet days (before `facetsBefore`) as link day rows for addClosedMonths,
 * taken before addPeriods adds the stored rows into them. `freshVisitors` as for addPeriods.
 */
export function closedDaysOf(rows: PeriodRow[], facetsBefore: string, freshVisitors: Map<string, number>): SQL | undefined {
  const late = rows.filter((r) => r.period === 'd' && r.start < facetsBefore);
  if (!late.length) return undefined;
  const text = (pick: (r: PeriodRow) => string) => pgTextArray(late.map(pick));
  const counts = DIMENSIONS.map((_, k) => sql`${text((r) => JSON.stringify(r.counts[k]))}::jsonb[]`);
  return sql`
    select * from unnest(${text((r) => r.scope)}::uuid[], ${text((r) => r.start)}::date[], ${text((r) => r.workspace)}::uuid[],
      ${pgArray(late.map((r) => r.clicks))}::int8[], ${pgArray(late.map((r) => freshVisitors.get(`${r.scope}:d:${r.start}`) ?? 0))}::int8[],
      ${sql.join(counts, sql`, `)}) as d(link_id, start, workspace_id, clicks, visitors, ${COUNT_COLUMNS})`;
}
