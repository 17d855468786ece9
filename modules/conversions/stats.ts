import { and, count, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { clickTotals, utcDayStart, type ClickFilter } from '../clicks';
import { getLinksByIds } from '../links';
import { openRange } from '../stats';
import { conversionLeads, conversionSales } from './schema';

type Scoped = typeof conversionLeads | typeof conversionSales;
type Money = { currency: string; amount: number };

/** Links per currency in the "top links by revenue" list. */
const TOP_LINKS_PER_CURRENCY = 5;

/** Rows of the filter's scope (workspace, or one link) created in its range. */
function scope(table: Scoped, f: ClickFilter): SQL {
  return and(
    eq(table.workspaceId, f.workspaceId),
    f.linkId ? eq(table.linkId, f.linkId) : undefined,
    f.from ? gte(table.createdAt, f.from) : undefined,
    f.to ? lt(table.createdAt, f.to) : undefined,
  )!;
}

const utcDay = (column: typeof conversionLeads.createdAt | typeof conversionSales.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** Leads, sales and revenue per currency on each UTC day that had any, oldest first. */
async function conversionDays(db: DbOrTx, f: ClickFilter) {
  const leadDay = utcDay(conversionLeads.createdAt);
  const saleDay = utcDay(conversionSales.createdAt);
  const [leadRows, saleRows] = await Promise.all([
    db.select({ date: leadDay, n: count() }).from(conversionLeads).where(scope(conversionLeads, f)).groupBy(leadDay),
    db
      .select({ date: saleDay, currency: conversionSales.currency, n: count(), amount: sql<string>`sum(${conversionSales.amount})` })
      .from(conversionSales)
      .where(scope(conversionSales, f))
      .groupBy(saleDay, conversionSales.currency)
      .orderBy(conversionSales.currency),
  ]);
  const days = new Map<string, { date: string; leads: number; sales: number; revenue: Money[] }>();
  const day = (date: string) => days.get(date) ?? days.set(date, { date, leads: 0, sales: 0, revenue: [] }).get(date)!;
  for (const r of leadRows) day(r.date).leads = r.n;
  for (const r of saleRows) {
    const d = day(r.date);
    d.sales += r.n;
    d.revenue.push({ currency: r.currency, amount: Number(r.amount) });
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The links that brought the most revenue in each currency (amounts in different currencies are never compared). */
async function topLinksByRevenue(db: DbOrTx, f: ClickFilter) {
  const total = sql`sum(${conversionSales.amount})`;
  const ranked = db
    .select({
      linkId: conversionSales.linkId,
      currency: conversionSales.currency,
      sales: count().as('sales'),
      amount: sql<string>`${total}`.as('amount'),
      rank: sql<number>`row_number() over (partition by ${conversionSales.currency} order by ${total} desc, ${conversionSales.linkId})`.as('rank'),
    })
    .from(conversionSales)
    .where(scope(conversionSales, f))
    .groupBy(conversionSales.linkId, conversionSales.currency)
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, TOP_LINKS_PER_CURRENCY)).orderBy(ranked.currency, ranked.rank);
  const links = new Map((await getLinksByIds(db, f.workspaceId, [...new Set(rows.map((r) => r.linkId))])).map((l) => [l.id, l]));
  // a deleted link's sales stay in the totals, not in the list
  return rows.flatMap((r) => {
    const link = links.get(r.linkId);
    return link
      ? [{ link_id: link.id, domain: link.domain, slug: link.slug, title: link.title, currency: r.currency, sales: r.sales, amount: Number(r.amount) }]
      : [];
  });
}

/**
 * The funnel over a range of UTC days (open ends: all time): the clicks (from the click rollups),
 * the leads and the sales recorded in it, and the revenue per currency, never summed across currencies;
 * the same per day, and the links that brought the most revenue.
 */
export async function conversionStats(db: DbOrTx, workspaceId: string, q: { from?: string; to?: string; link_id?: string }) {
  const f = openRange(workspaceId, q, q.link_id);
  const [clicks, [leads], revenue, days, topLinks] = await Promise.all([
    clickTotals(db, f, utcDayStart()),
    db.select({ n: count() }).from(conversionLeads).where(scope(conversionLeads, f)),
    db
      .select({ currency: conversionSales.currency, sales: count(), amount: sql<string>`sum(${conversionSales.amount})` })
      .from(conversionSales)
      .where(scope(conversionSales, f))
      .groupBy(conversionSales.currency)
      .orderBy(conversionSales.currency),
    conversionDays(db, f),
    topLinksByRevenue(db, f),
  ]);
  return {
    clicks: clicks.clicks,
    leads: leads?.n ?? 0,
    sales: revenue.reduce((n, r) => n + r.sales, 0),
    revenue: revenue.map((r) => ({ currency: r.currency, amount: Number(r.amount) })),
    days,
    top_links: topLinks,
  };
}
