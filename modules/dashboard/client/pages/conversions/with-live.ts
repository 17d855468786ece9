import type { ApiAnswer } from '../../api';
import { type Money, tallyBetween, type Tally } from '../../components/live-tally';

export type ConversionStats = ApiAnswer<'get', '/api/workspaces/{wsId}/stats/conversions'>;
type Revenue = ConversionStats['revenue'];

const addRevenue = (revenue: Revenue, more: Record<string, Money>): Revenue => {
  const sums: Record<string, Money> = Object.fromEntries(revenue.map((r) => [r.currency, { sales: r.sales, amount: r.amount }]));
  for (const [currency, m] of Object.entries(more))
    sums[currency] = { sales: (sums[currency]?.sales ?? 0) + m.sales, amount: (sums[currency]?.amount ?? 0) + m.amount };
  return Object.keys(sums)
    .sort()
    .map((currency) => ({ currency, ...sums[currency]! }));
};
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The funnel with what arrived live in the range from `from` to `to` added (per day too). */
export function withLive(stats: ConversionStats, tally: Tally, from?: string, to?: string): ConversionStats {
  const live = tallyBetween(tally, from, to);
  if (!live.clicks && !live.leads && !live.sales) return stats;
  const days = new Map(stats.daily.map((d) => [d.date, d]));
  for (const [date, day] of Object.entries(tally.days)) {
    if ((from && date < from) || (to && date > to)) continue;
    const before = days.get(date) ?? { date, clicks: 0, leads: 0, sales: 0, revenue: [] };
    days.set(date, {
      date,
      clicks: before.clicks + day.clicks,
      leads: before.leads + day.leads,
      sales: before.sales + day.sales,
      revenue: addRevenue(before.revenue, day.revenue),
    });
  }
  const [clicks, leads, sales] = [stats.clicks + live.clicks, stats.leads + live.leads, stats.sales + live.sales];
  return {
    ...stats,
    clicks,
    leads,
    sales,
    revenue: addRevenue(stats.revenue, live.revenue),
    lead_rate: rate(leads, clicks),
    sale_rate: rate(sales, leads),
    daily: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
