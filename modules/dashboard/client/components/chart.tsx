import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { CountsTable } from './top-table';

export interface DailyPoint {
  date: string;
  clicks: number;
}

const number = new Intl.NumberFormat('en');
const clicksText = (n: number) => `${number.format(n)} ${n === 1 ? 'click' : 'clicks'}`;
const unixDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** What the chart shows, in words: the screen-reader name and the visible caption. */
export function describeDaily(days: DailyPoint[]) {
  if (!days.length) return 'No days in the range.';
  const total = days.reduce((sum, d) => sum + d.clicks, 0);
  const busiest = days.reduce((best, d) => (d.clicks > best.clicks ? d : best), days[0]);
  const range = `${days[0].date} to ${days.at(-1)!.date}`;
  if (!total) return `No clicks from ${range}.`;
  return `${clicksText(total)} from ${range}; busiest day ${busiest.date} with ${clicksText(busiest.clicks)}.`;
}

/**
 * Clicks per day as a uPlot line (UTC days, sized to its container), with an accessible name,
 * a summary in words and the figures as a table for anyone who cannot see the canvas.
 */
export function DailyChart({ title, days, previous }: { title: string; days: DailyPoint[]; previous?: DailyPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const before = previous?.reduce((sum, d) => sum + d.clicks, 0);
  const summary = `${describeDaily(days)}${before === undefined ? '' : ` The previous period (dashed line): ${clicksText(before)}.`}`;

  useEffect(() => {
    const element = box.current!;
    const accent = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || '#0a58ca';
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [{}, { size: 56, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? number.format(t) : '')) }],
        series: [
          {},
          { label: 'Clicks', stroke: accent, width: 2, fill: `${accent}22`, points: { show: days.length <= 62 } },
          // the previous period drawn over the same days, day for day
          ...(previous ? [{ label: 'Previous period', stroke: '#8c959f', width: 1.5, dash: [6, 4], points: { show: false } }] : []),
        ],
      },
      [days.map((d) => unixDay(d.date)), days.map((d) => d.clicks), ...(previous ? [days.map((_, i) => previous[i]?.clicks ?? 0)] : [])],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, previous]);

  return (
    <figure class="chart-figure">
      <div class="chart" ref={box} role="img" aria-label={`${title}. ${summary}`} />
      <figcaption class="chart-summary">{summary}</figcaption>
      <details>
        <summary>{title} as a table</summary>
        <CountsTable column="Day (UTC)" rows={days.map((d) => ({ key: d.date, label: d.date, clicks: d.clicks }))} />
      </details>
    </figure>
  );
}
