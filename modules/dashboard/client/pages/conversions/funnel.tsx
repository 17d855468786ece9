import { useMemo } from 'preact/hooks';
import type { ApiAnswer } from '../../api';
import { DayChart } from '../../components/chart';
import { tallyBetween, type Tally } from '../../components/live-tally';
import { money, moneyMeasure } from './money';

export type ConversionStats = ApiAnswer<'get', '/api/workspaces/{wsId}/stats/conversions'>;
type Revenue = ConversionStats['revenue'];

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
/** "12.5 % of clicks"; nothing to divide by reads as a dash. */
const rate = (part: number, whole: number, of: string) => (whole ? `${percent.format(part / whole)} of ${of}` : `– of ${of}`);

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

/** Clicks → leads → sales → revenue (one line per currency, never added up), with the rates between the steps. */
export function Funnel({ stats, label }: { stats: ConversionStats; label: string }) {
  return (
    <section aria-label={label}>
      <dl class="cards funnel">
        <div class="card">
          <dt>Clicks</dt>
          <dd>{number.format(stats.clicks)}</dd>
        </div>
        <div class="card">
          <dt>Leads</dt>
          <dd>{number.format(stats.leads)}</dd>
          <dd class="card-note">{rate(stats.leads, stats.clicks, 'clicks')}</dd>
        </div>
        <div class="card">
          <dt>Sales</dt>
          <dd>{number.format(stats.sales)}</dd>
          <dd class="card-note">{rate(stats.sales, stats.leads, 'leads')}</dd>
        </div>
        <div class="card">
          <dt>Revenue</dt>
          {stats.revenue.length ? (
            stats.revenue.map((r) => (
              <dd key={r.currency} class={stats.revenue.length > 1 ? 'card-money' : undefined}>
                {money(r.amount, r.currency)}
              </dd>
            ))
          ) : (
            <dd>None yet</dd>
          )}
        </div>
      </dl>
    </section>
  );
}

/** Every UTC day from `from` to `to`. */
function daysFrom(from: string, to: string) {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`) && days.length <= 366; t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Revenue per day from `from` to `to`: a chart per currency (amounts in different currencies are never on one scale). */
export function RevenueCharts({ stats, from, to }: { stats: ConversionStats; from: string; to: string }) {
  const series = useMemo(() => {
    const range = daysFrom(from, to);
    const byDay = new Map(stats.days.map((d) => [d.date, d.revenue]));
    return stats.revenue.map(({ currency }) => ({
      currency,
      days: range.map((date) => ({ date, value: byDay.get(date)?.find((r) => r.currency === currency)?.amount ?? 0 })),
    }));
  }, [stats, from, to]);
  if (!series.length)
    return (
      <p class="muted">
        No sales from {from} to {to}.
      </p>
    );
  return (
    <>
      {series.map(({ currency, days }) => (
        <div key={currency} class="currency-chart">
          <h3>{currency}</h3>
          <DayChart title={`Revenue per day in ${currency}, ${from} to ${to}`} days={days} measure={moneyMeasure(currency)} />
        </div>
      ))}
    </>
  );
}
