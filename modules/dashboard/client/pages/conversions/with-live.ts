import type { ApiAnswer } from '../../api';
import { tallyBetween, type Tally } from '../../components/live-tally';

export type ConversionStats = ApiAnswer<'get', '/api/workspaces/{wsId}/stats/conversions'>;
type Revenue = ConversionStats['revenue'];

const addRevenue = (revenue: Revenue, more: Record<string, number>): Revenue => {
  const sums = Object.fromEntries(revenue.map((r) => [r.currency, r.amount]));
  for (const [currency, amount] of Object.entries(more)) sums[currency] = (sums[currency] ?? 0) + amount;
  return Object.keys(sums)
    .sort()
    .map((currency) => ({ currency, amount: sums[currency]! }));
};

/** The funnel with what arrived live in the range from `from` to `to` added (per day too). */
export function withLive(stats: ConversionStats, tally: Tally, from?: string, to?: string): ConversionStats {
  const live = tallyBetween(tally, from, to);
  if (!live.clicks && !live.leads && !live.sales) return stats;
  const days = new Map(stats.days.map((d) => [d.date, d]));
  for (const [date, day] of Object.entries(tally.days)) {
    if ((from && date < from) || (to && date > to) || (!day.leads && !day.sales)) continue;
    const before = days.get(date) ?? { date, leads: 0, sales: 0, revenue: [] };
    days.set(date, { date, leads: before.leads + day.leads, sales: before.sales + day.sales, revenue: addRevenue(before.revenue, day.revenue) });
  }
  return {
    ...stats,
    clicks: stats.clicks + live.clicks,
    leads: stats.leads + live.leads,
    sales: stats.sales + live.sales,
    revenue: addRevenue(stats.revenue, live.revenue),
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
