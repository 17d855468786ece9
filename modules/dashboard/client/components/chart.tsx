import { useEffect, useMemo, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { CountsTable } from './top-table';

export interface DailyPoint {
  date: string;
  clicks: number;
}

/** What one day-series counts: its name (the table's column), and how a value reads in words and on the axis. */
export interface Measure {
  label: string;
  /** "3 clicks", "€12.50" */
  text(value: number): string;
  /** the axis and the table: "3", "12.50" */
  short(value: number): string;
  /** whole units only (a count): the axis never ticks at 0.5 */
  whole?: boolean;
}

/** One UTC day's value of a series. */
export interface DayValue {
  date: string;
  value: number;
}

const number = new Intl.NumberFormat('en');
export const CLICKS: Measure = {
  label: 'Clicks',
  text: (n) => `${number.format(n)} ${n === 1 ? 'click' : 'clicks'}`,
  short: (n) => number.format(n),
  whole: true,
};
/** Tick steps for a count: 1, 2, 5, 10, 20, 50 … (uPlot's default steps include 0.5 when the values are small). */
const WHOLE_STEPS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((m) => m * 10 ** power)).flat();
const unixDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** What the chart shows, in words: the screen-reader name and the visible caption. */
export function describeDays(days: DayValue[], measure: Measure) {
  if (!days.length) return 'No days in the range.';
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const busiest = days.reduce((best, d) => (d.value > best.value ? d : best), days[0]);
  const range = `${days[0].date} to ${days.at(-1)!.date}`;
  if (!total) return `No ${measure.label.toLowerCase()} from ${range}.`;
  return `${measure.text(total)} from ${range}; busiest day ${busiest.date} with ${measure.text(busiest.value)}.`;
}

/**
 * A value per UTC day as a uPlot line (sized to its container), with an accessible name, a
 * summary in words and the figures as a table for anyone who cannot see the canvas.
 */
export function DayChart({ title, days, measure, previous }: { title: string; days: DayValue[]; measure: Measure; previous?: DayValue[] }) {
  const box = useRef<HTMLDivElement>(null);
  const before = previous?.reduce((sum, d) => sum + d.value, 0);
  const summary = `${describeDays(days, measure)}${before === undefined ? '' : ` The previous period (dashed line): ${measure.text(before)}.`}`;

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
        axes: [{}, { size: 64, values: (_u, ticks) => ticks.map((t) => measure.short(t)), ...(measure.whole ? { incrs: WHOLE_STEPS } : {}) }],
        series: [
          {},
          { label: measure.label, stroke: accent, width: 2, fill: `${accent}22`, points: { show: days.length <= 62 } },
          // the previous period drawn over the same days, day for day
          ...(previous ? [{ label: 'Previous period', stroke: '#8c959f', width: 1.5, dash: [6, 4], points: { show: false } }] : []),
        ],
      },
      [days.map((d) => unixDay(d.date)), days.map((d) => d.value), ...(previous ? [days.map((_, i) => previous[i]?.value ?? 0)] : [])],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, measure, previous]);

  return (
    <figure class="chart-figure">
      <div class="chart" ref={box} role="img" aria-label={`${title}. ${summary}`} />
      <figcaption class="chart-summary">{summary}</figcaption>
      <details>
        <summary>{title} as a table</summary>
        <CountsTable
          column="Day (UTC)"
          heading={measure.label}
          rows={days.map((d) => ({ key: d.date, label: d.date, clicks: d.value }))}
          format={measure.short}
        />
      </details>
    </figure>
  );
}

const valuesOf = (days: DailyPoint[]) => days.map((d) => ({ date: d.date, value: d.clicks }));

/** Clicks per day, and the previous period's beside them when given. */
export function DailyChart({ title, days, previous }: { title: string; days: DailyPoint[]; previous?: DailyPoint[] }) {
  const points = useMemo(() => valuesOf(days), [days]);
  const before = useMemo(() => previous && valuesOf(previous), [previous]);
  return <DayChart title={title} days={points} measure={CLICKS} previous={before} />;
}
