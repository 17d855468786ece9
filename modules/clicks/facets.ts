import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { pgArray, pgTextArray } from './pg-arrays';
import { clickLinkFacets, clickWorkspaceFacets } from './schema';

/** The dimensions a filter can combine (rollup.ts's DIMENSIONS but language): the facet rollups' columns, in this order. */
export const FACET_DIMENSIONS = ['country', 'referrer', 'browser', 'os', 'device'] as const;
export type FacetDimension = (typeof FACET_DIMENSIONS)[number];

/** Clicks of a link or workspace (`scope`) in a day or month with one combination of FACET_DIMENSIONS' values ('' unknown). */
export interface FacetRow {
  scope: string;
  workspace: string;
  period: 'd' | 'm';
  start: string;
  values: string[];
  clicks: number;
}

const keyOf = (r: FacetRow) => `${r.scope}\0${r.period}\0${r.start}\0${r.values.join('\0')}`;
const byKey = (a: [string, FacetRow], b: [string, FacetRow]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * A batch's link day facets with their link months and their workspaces' days and months, each
 * sorted by key: concurrent batches upsert the same workspace rows, in one order (no deadlock).
 */
export function facetsOf(linkDays: FacetRow[]): { linkFacets: FacetRow[]; workspaceFacets: FacetRow[] } {
  const links = new Map<string, FacetRow>();
  const workspaces = new Map<string, FacetRow>();
  const add = (rows: Map<string, FacetRow>, row: FacetRow) => {
    const key = keyOf(row);
    const sum = rows.get(key);
    if (sum) sum.clicks += row.clicks;
    else rows.set(key, { ...row });
  };
  for (const day of linkDays) {
    const month = { ...day, period: 'm' as const, start: `${day.start.slice(0, 7)}-01` };
    add(links, day);
    add(links, month);
    add(workspaces, { ...day, scope: day.workspace });
    add(workspaces, { ...month, scope: day.workspace });
  }
  const sorted = (rows: Map<string, FacetRow>) => [...rows].sort(byKey).map(([, row]) => row);
  return { linkFacets: sorted(links), workspaceFacets: sorted(workspaces) };
}

const COLUMNS = sql.raw(FACET_DIMENSIONS.join(', '));
const TABLES = {
  link: { table: clickLinkFacets, key: sql`link_id`, withWorkspace: true },
  workspace: { table: clickWorkspaceFacets, key: sql`workspace_id`, withWorkspace: false },
};

/** Adds a batch's facet rows to a link's or workspace's facet rollup: one statement, rows in key order. */
export async function addFacets(tx: DbOrTx, scope: keyof typeof TABLES, rows: FacetRow[]): Promise<void> {
  if (!rows.length) return;
  const { table, key, withWorkspace } = TABLES[scope];
  const text = (pick: (r: FacetRow) => string) => pgTextArray(rows.map(pick));
  const values = FACET_DIMENSIONS.map((_, k) => sql`${text((r) => r.values[k]!)}::text[]`);
  await tx.execute(sql`
    insert into ${table} (${key}, period, start${withWorkspace ? sql`, workspace_id` : sql``}, ${COLUMNS}, clicks)
    select * from unnest(${text((r) => r.scope)}::uuid[], ${text((r) => r.period)}::text[], ${text((r) => r.start)}::date[],
      ${withWorkspace ? sql`${text((r) => r.workspace)}::uuid[], ` : sql``}${sql.join(values, sql`, `)}, ${pgArray(rows.map((r) => r.clicks))}::int8[])
    on conflict (${key}, period, start, ${COLUMNS}) do update set clicks = ${table}.clicks + excluded.clicks`);
}
