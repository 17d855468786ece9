import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { clicksPerDay, clickTotals, FACET_DIMENSIONS, utcDayStart, type ClickFilter } from '../clicks';
import { getLinksByIds } from '../links';
import { filteredRange } from '../stats';
import { conversionLeadDays, conversionLeads, conversionSaleDays, conversionSales } from './schema';

/** Links listed per currency in `top_links`. */
const TOP_LINKS = 10;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

type LinkColumn = typeof conversionLeadDays.linkId | typeof conversionSaleDays.linkId | typeof conversionLeads.linkId | typeof conversionSales.linkId;

/** The filter's links: its one link, and the links its link attributes matched (none matched: nothing passes). */
const linksOf = (column: LinkColumn, f: ClickFilter): (SQL | undefined)[] => [
  f.linkId ? eq(column, f.linkId) : undefined,
  f.linkIds ? sql`${column} = any(${`{${f.linkIds.join(',')}}`}::text[])` : undefined,
];

/** Rollup rows of the filter's workspace and links whose UTC day is in its range. */
function rolledUp(table: typeof conversionLeadDays | typeof conversionSaleDays, f: ClickFilter): SQL {
  return and(
    eq(table.workspaceId, f.workspaceId),
    ...linksOf(table.linkId, f),
    f.from ? gte(table.day, dayOf(f.from)) : undefined,
    f.to ? lt(table.day, dayOf(f.to)) : undefined,
  )!;
}

/**
 * Stored leads or sales of the filter's workspace and links created in its range, whose lead (the
 * lead itself, or the sale's) came from a click with the filter's visitor dimensions.
 */
function stored(table: typeof conversionLeads | typeof conversionSales, f: ClickFilter): SQL {
  return and(
    eq(table.workspaceId, f.workspaceId),
    ...linksOf(table.linkId, f),
    f.from ? gte(table.createdAt, f.from) : undefined,
    f.to ? lt(table.createdAt, f.to) : undefined,
    ...FACET_DIMENSIONS.map((d) => {
      const values = f.facets?.[d];
      return values ? inArray(conversionLeads[d], values) : undefined;
    }),
  )!;
}

const utcDay = (at: typeof conversionLeads.createdAt | typeof conversionSales.createdAt) => sql`(${at} at time zone 'UTC')::date`;

/**
 * The scope's leads as (link_id, day, leads) rows: the rollup's; under a filter on visitor
 * dimensions (which the rollups do not keep) one row per stored lead, on the UTC day of its creation
 * as the rollup counts it. Leads are few beside clicks: counted exactly.
 */
function leadRows(f: ClickFilter): SQL {
  if (!f.facets) {
    const t = conversionLeadDays;
    return sql`select ${t.linkId} as link_id, ${t.day} as day, ${t.leads} as leads from ${t} where ${rolledUp(t, f)}`;
  }
  const l = conversionLeads;
  return sql`select ${l.linkId} as link_id, ${utcDay(l.createdAt)} as day, 1 as leads from ${l} where ${stored(l, f)}`;
}

/** The scope's sales as (link_id, day, currency, sales, amount) rows, the same way; a sale has its lead's visitor dimensions. */
function saleRows(f: ClickFilter): SQL {
  if (!f.facets) {
    const t = conversionSaleDays;
    return sql`select ${t.linkId} as link_id, ${t.day} as day, ${t.currency} as currency, ${t.sales} as sales, ${t.amount} as amount
      from ${t} where ${rolledUp(t, f)}`;
  }
  const s = conversionSales;
  return sql`select ${s.linkId} as link_id, ${utcDay(s.createdAt)} as day, ${s.currency} as currency, 1 as sales, ${s.amount} as amount
    from ${s} join ${conversionLeads} on ${conversionLeads.id} = ${s.leadId} where ${stored(s, f)}`;
}

interface Revenue {
  currency: string;
  sales: number;
  amount: number;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * The funnel over a range of UTC days (open ends: all time): clicks (the click rollups), the leads
 * and sales recorded in it and the revenue per currency (never summed across currencies); the rates
 * between the steps; the same per day (days without clicks, leads or sales left out); and per
 * currency the links that brought the most revenue. `filter` (the stats' grammar, ../stats/filters.ts)
 * narrows every step alike: link attributes to their links, visitor dimensions to the leads whose
 * click had them (and those leads' sales). Leads and sales come from their rollups, or under a
 * visitor filter from the stored rows (see leadRows).
 */
export async function conversionStats(db: DbOrTx, workspaceId: string, q: { from?: string; to?: string; link_id?: string; filter?: string }) {
  const f = await filteredRange(db, workspaceId, q, q.link_id);
  const [clicks, clickDays, leadsPerDay, salesPerDay, top] = await Promise.all([
    clickTotals(db, f, utcDayStart()),
    clicksPerDay(db, f),
    db
      .execute(sql`select day::text as day, sum(leads) as leads from (${leadRows(f)}) r group by day`)
      .then((result) => rowsOf<{ day: string; leads: string }>(result)),
    db
      .execute(
        sql`select day::text as day, currency::text as currency, sum(sales) as sales, sum(amount) as amount
          from (${saleRows(f)}) r group by day, currency order by currency`,
      )
      .then((result) => rowsOf<{ day: string; currency: string; sales: string; amount: string }>(result)),
    topLinksByRevenue(db, f),
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
async function topLinksByRevenue(db: DbOrTx, f: ClickFilter) {
  const ranked = rowsOf<{ currency: string; link_id: string; sales: string; amount: string }>(
    await db.execute(sql`
      select currency, link_id, sales, amount from (
        select currency::text as currency, link_id, sum(sales) as sales, sum(amount) as amount,
          row_number() over (partition by currency order by sum(amount) desc, sum(sales) desc, link_id) as rank
        from (${saleRows(f)}) r
        group by currency, link_id
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
