import { useMemo } from 'preact/hooks';
import { DayChart } from '../../components/chart';
import { money, moneyMeasure } from './money';
import type { ConversionStats } from './with-live';

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
/** "12.5 % of clicks"; nothing to divide by reads as a dash. */
const rate = (value: number | null, of: string) => `${value === null ? '–' : percent.format(value)} of ${of}`;

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
          <dd class="card-note">{rate(stats.lead_rate, 'clicks')}</dd>
        </div>
        <div class="card">
          <dt>Sales</dt>
          <dd>{number.format(stats.sales)}</dd>
          <dd class="card-note">{rate(stats.sale_rate, 'leads')}</dd>
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
    const byDay = new Map(stats.daily.map((d) => [d.date, d.revenue]));
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
