import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { DIMENSIONS, type PeriodRow, type ValueCounts } from './rollup';
import { clickLinkPeriods, clickWorkspacePeriods } from './schema';

const SCOPES = {
  /** a link's rows are written only under its row lock (held by the storing transaction): read, add up, write back */
  link: { table: clickLinkPeriods, key: sql`link_id`, extraColumn: sql`, workspace_id`, extraValue: sql`, r.workspace`, lock: false },
  /** a workspace's rows are shared by concurrent batches: made if missing, then locked in key order */
  workspace: { table: clickWorkspacePeriods, key: sql`workspace_id`, extraColumn: sql``, extraValue: sql``, lock: true },
};

const COUNT_COLUMNS = sql.raw(DIMENSIONS.join(', '));
const COUNT_TYPES = sql.raw(DIMENSIONS.map((d) => `${d} jsonb`).join(', '));
const COUNT_VALUES = sql.raw(DIMENSIONS.map((d) => `r.${d}`).join(', '));
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
  const { table, key, extraColumn, extraValue, lock } = SCOPES[scope];
  const keys = JSON.stringify(rows.map((r) => ({ scope: r.scope, period: r.period, start: r.start })));
  const keyRows = sql`rows from (jsonb_to_recordset(${keys}::jsonb) as (scope uuid, period text, start date)) with ordinality as k(scope, period, start, n)`;
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
  const values = JSON.stringify(
    rows.map((r, i) => {
      const visitors = storedVisitors[i]! + (freshVisitors.get(`${r.scope}:${r.period}:${r.start}`) ?? 0);
      const row: Record<string, unknown> = { scope: r.scope, period: r.period, start: r.start, workspace: r.workspace, clicks: r.clicks, visitors };
      DIMENSIONS.forEach((d, k) => (row[d] = r.counts[k]));
      return row;
    }),
  );
  await tx.execute(sql`
    insert into ${table} (${key}, period, start${extraColumn}, clicks, visitors, ${COUNT_COLUMNS})
    select r.scope, r.period, r.start${extraValue}, r.clicks, r.visitors, ${COUNT_VALUES}
    from jsonb_to_recordset(${values}::jsonb) as r(scope uuid, period text, start date, workspace uuid, clicks int8, visitors int8, ${COUNT_TYPES})
    on conflict (${key}, period, start) do update set ${COUNT_UPDATES}`);
}
