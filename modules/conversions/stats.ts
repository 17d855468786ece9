import { and, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { clickTotals, utcDayStart, type ClickFilter } from '../clicks';
import { openRange } from '../stats';
import { conversionLeads, conversionSales } from './schema';

type Scoped = typeof conversionLeads | typeof conversionSales;

/** Rows of the filter's scope (workspace, or one link) created in its range. */
function scope(table: Scoped, f: ClickFilter): SQL {
  return and(
    eq(table.workspaceId, f.workspaceId),
    f.linkId ? eq(table.linkId, f.linkId) : undefined,
    f.from ? gte(table.createdAt, f.from) : undefined,
    f.to ? lt(table.createdAt, f.to) : undefined,
  )!;
}

/**
 * The funnel over a range of UTC days (open ends: all time): the clicks (from the click rollups),
 * the leads and the sales recorded in it, and the revenue per currency, never summed across currencies.
 */
export async function conversionStats(db: DbOrTx, workspaceId: string, q: { from?: string; to?: string; link_id?: string }) {
  const f = openRange(workspaceId, q, q.link_id);
  const [clicks, [leads], revenue] = await Promise.all([
    clickTotals(db, f, utcDayStart()),
    db.select({ n: count() }).from(conversionLeads).where(scope(conversionLeads, f)),
    db
      .select({ currency: conversionSales.currency, sales: count(), amount: sql<string>`sum(${conversionSales.amount})` })
      .from(conversionSales)
      .where(scope(conversionSales, f))
      .groupBy(conversionSales.currency)
      .orderBy(conversionSales.currency),
  ]);
  return {
    clicks: clicks.clicks,
    leads: leads?.n ?? 0,
    sales: revenue.reduce((n, r) => n + r.sales, 0),
    revenue: revenue.map((r) => ({ currency: r.currency, amount: Number(r.amount) })),
  };
}
