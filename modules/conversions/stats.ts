import { and, count, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { clicksPerDay, clickTotals, utcDayStart, type ClickFilter } from '../clicks';
import { getLinksByIds } from '../links';
import { openRange } from '../stats';
import { conversionLeads, conversionSales } from './schema';

type Scoped = typeof conversionLeads | typeof conversionSales;
interface Revenue {
  currency: string;
  sales: number;
  amount: number;
}

/** Links listed per currency in `top_links`. */
const TOP_LINKS = 10;

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
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Per currency, the TOP_LINKS links with the most revenue in the range (amounts in different currencies are never compared). */
async function topLinksByRevenue(db: DbOrTx, f: ClickFilter) {
  const total = sql`sum(${conversionSales.amount})`;
  const ranked = db
    .select({
      linkId: conversionSales.linkId,
      currency: conversionSales.currency,
      sales: count().as('sales'),
      amount: sql<string>`${total}`.as('amount'),
      rank: sql<number>`row_number() over (partition by ${conversionSales.currency} order by ${total} desc, count(*) desc, ${conversionSales.linkId})`.as(
        'rank',
      ),
    })
    .from(conversionSales)
    .where(scope(conversionSales, f))
    .groupBy(conversionSales.linkId, conversionSales.currency)
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, TOP_LINKS)).orderBy(ranked.currency, ranked.rank);
  const links = new Map((await getLinksByIds(db, f.workspaceId, [...new Set(rows.map((r) => r.linkId))])).map((l) => [l.id, l]));
  return rows.map((r) => ({
    currency: r.currency,
    link_id: r.linkId,
    // a deleted link keeps its conversions: it has no short URL any more
    domain: links.get(r.linkId)?.domain ?? null,
    slug: links.get(r.linkId)?.slug ?? null,
    sales: r.sales,
    amount: Number(r.amount),
  }));
}

/**
 * The funnel over a range of UTC days (open ends: all time): clicks (the click rollups), the leads
 * and sales recorded in it and the revenue per currency (never summed across currencies); the rates
 * between the steps; the same per day (days without clicks, leads or sales left out); and per
 * currency the links that brought the most revenue.
 */
export async function conversionStats(db: DbOrTx, workspaceId: string, q: { from?: string; to?: string; link_id?: string }) {
  const f = openRange(workspaceId, q, q.link_id);
  const leadDay = utcDay(conversionLeads.createdAt);
  const saleDay = utcDay(conversionSales.createdAt);
  const [clicks, clickDays, leadsPerDay, salesPerDay, top] = await Promise.all([
    clickTotals(db, f, utcDayStart()),
    clicksPerDay(db, f),
    db.select({ day: leadDay, leads: count() }).from(conversionLeads).where(scope(conversionLeads, f)).groupBy(leadDay),
    db
      .select({ day: saleDay, currency: conversionSales.currency, sales: count(), amount: sql<string>`sum(${conversionSales.amount})` })
      .from(conversionSales)
      .where(scope(conversionSales, f))
      .groupBy(saleDay, conversionSales.currency)
      .orderBy(conversionSales.currency),
    topLinksByRevenue(db, f),
  ]);

  const days = new Map<string, { date: string; clicks: number; leads: number; sales: number; revenue: Revenue[] }>();
  const dayRow = (date: string) => {
    let row = days.get(date);
    if (!row) days.set(date, (row = { date, clicks: 0, leads: 0, sales: 0, revenue: [] }));
    return row;
  };
  for (const [date, c] of clickDays) if (c.clicks) dayRow(date).clicks = c.clicks;
  for (const r of leadsPerDay) dayRow(r.day).leads = r.leads;
  const totals = new Map<string, Revenue>();
  for (const r of salesPerDay) {
    const amount = Number(r.amount);
    const day = dayRow(r.day);
    day.sales += r.sales;
    day.revenue.push({ currency: r.currency, sales: r.sales, amount });
    const total = totals.get(r.currency) ?? { currency: r.currency, sales: 0, amount: 0 };
    totals.set(r.currency, { currency: r.currency, sales: total.sales + r.sales, amount: total.amount + amount });
  }
  const leads = leadsPerDay.reduce((n, r) => n + r.leads, 0);
  const revenue = [...totals.values()];
  const sales = revenue.reduce((n, r) => n + r.sales, 0);
  return {
    clicks: clicks.clicks,
    leads,
    sales,
    revenue,
    lead_rate: rate(leads, clicks.clicks),
    sale_rate: rate(sales, leads),
    daily: [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1)),
    top_links: top,
  };
}
