import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { clicksPerDay, clickTotals, utcDayStart, type ClickFilter } from '../clicks';
import { getLinksByIds } from '../links';
import { openRange } from '../stats';
import { conversionLeadDays, conversionSaleDays } from './schema';

/** Links listed per currency in `top_links`. */
const TOP_LINKS = 10;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Rollup rows of the filter's scope (workspace, or one link) whose UTC day is in its range. */
function scope(table: typeof conversionLeadDays | typeof conversionSaleDays, f: ClickFilter): SQL {
  return and(
    eq(table.workspaceId, f.workspaceId),
    f.linkId ? eq(table.linkId, f.linkId) : undefined,
    f.from ? gte(table.day, dayOf(f.from)) : undefined,
    f.to ? lt(table.day, dayOf(f.to)) : undefined,
  )!;
}

interface Revenue {
  currency: string;
  sales: number;
  amount: number;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * The funnel over a range of UTC days (open ends: all time), from the rollups only: clicks (the
 * click rollups), the leads and sales recorded in it and the revenue per currency (never summed
 * across currencies); the rates between the steps; the same per day (days without clicks, leads
 * or sales left out); and per currency the links that brought the most revenue.
 */
export async function conversionStats(db: DbOrTx, workspaceId: string, q: { from?: string; to?: string; link_id?: string }) {
  const f = openRange(workspaceId, q, q.link_id);
  const leadDays = scope(conversionLeadDays, f);
  const saleDays = scope(conversionSaleDays, f);
  const [clicks, clickDays, leadsPerDay, salesPerDay, top] = await Promise.all([
    clickTotals(db, f, utcDayStart()),
    clicksPerDay(db, f),
    db
      .select({ day: conversionLeadDays.day, leads: sql<string>`sum(${conversionLeadDays.leads})` })
      .from(conversionLeadDays)
      .where(leadDays)
      .groupBy(conversionLeadDays.day),
    db
      .select({
        day: conversionSaleDays.day,
        currency: conversionSaleDays.currency,
        sales: sql<string>`sum(${conversionSaleDays.sales})`,
        amount: sql<string>`sum(${conversionSaleDays.amount})`,
      })
      .from(conversionSaleDays)
      .where(saleDays)
      .groupBy(conversionSaleDays.day, conversionSaleDays.currency)
      .orderBy(conversionSaleDays.currency),
    topLinksByRevenue(db, f, saleDays),
  ]);

  const days = new Map<string, { date: string; clicks: number; leads: number; sales: number; revenue: Revenue[] }>();
  const dayRow = (date: string) => {
    let row = days.get(date);
    if (!row) days.set(date, (row = { date, clicks: 0, leads: 0, sales: 0, revenue: [] }));
    return row;
  };
  for (const [date, c] of clickDays) if (c.clicks) dayRow(date).clicks = c.clicks;
  for (const r of leadsPerDay) dayRow(r.day).leads = Number(r.leads);
  const totals = new Map<string, Revenue>();
  for (const r of salesPerDay) {
    const sales = Number(r.sales);
    const amount = Number(r.amount);
    const day = dayRow(r.day);
    day.sales += sales;
    day.revenue.push({ currency: r.currency, sales, amount });
    const total = totals.get(r.currency) ?? { currency: r.currency, sales: 0, amount: 0 };
    totals.set(r.currency, { currency: r.currency, sales: total.sales + sales, amount: total.amount + amount });
  }
  const leads = leadsPerDay.reduce((n, r) => n + Number(r.leads), 0);
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

/** Per currency, the TOP_LINKS links with the most revenue in the range (ties: more sales first, then link id), with their domain and slug. */
async function topLinksByRevenue(db: DbOrTx, f: ClickFilter, saleDays: SQL) {
  const ranked = rowsOf<{ currency: string; link_id: string; sales: string; amount: string }>(
    await db.execute(sql`
      select currency, link_id, sales, amount from (
        select ${conversionSaleDays.currency} as currency, ${conversionSaleDays.linkId} as link_id,
          sum(${conversionSaleDays.sales}) as sales, sum(${conversionSaleDays.amount}) as amount,
          row_number() over (partition by ${conversionSaleDays.currency}
            order by sum(${conversionSaleDays.amount}) desc, sum(${conversionSaleDays.sales}) desc, ${conversionSaleDays.linkId}) as rank
        from ${conversionSaleDays} where ${saleDays}
        group by ${conversionSaleDays.currency}, ${conversionSaleDays.linkId}
      ) ranked where rank <= ${TOP_LINKS} order by currency, rank`),
  );
  const links = new Map((await getLinksByIds(db, f.workspaceId, [...new Set(ranked.map((r) => r.link_id))])).map((l) => [l.id, l]));
  return ranked.map((r) => ({
    currency: r.currency,
    link_id: r.link_id,
    // a deleted link keeps its conversions: it has no short URL any more
    domain: links.get(r.link_id)?.domain ?? null,
    slug: links.get(r.link_id)?.slug ?? null,
    sales: Number(r.sales),
    amount: Number(r.amount),
  }));
}
