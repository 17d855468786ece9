import { useEffect, useRef, useState } from 'preact/hooks';
import { type LiveEvent, useLive } from './live';
import { isoDay } from './range-picker';

/** Sales and their sum (minor units) in one currency. */
export interface Money {
  sales: number;
  amount: number;
}

/** What arrived live on one UTC day: clicks, leads, sales and, per currency, sales and revenue. */
export interface DayTally {
  clicks: number;
  leads: number;
  sales: number;
  revenue: Record<string, Money>;
}

/** The live events a page has received since its figures loaded, per UTC day and clicks per link. */
export interface Tally {
  days: Record<string, DayTally>;
  linkClicks: Record<string, number>;
}

export const emptyTally = (): Tally => ({ days: {}, linkClicks: {} });
const emptyDay = (): DayTally => ({ clicks: 0, leads: 0, sales: 0, revenue: {} });
export const utcToday = () => isoDay(new Date());

/** The tally with `events` added. */
export function addEvents(tally: Tally, events: LiveEvent[]): Tally {
  const days = { ...tally.days };
  const linkClicks = { ...tally.linkClicks };
  for (const event of events) {
    const date = (event.type === 'click' ? event.data.clicked_at : event.data.created_at).slice(0, 10);
    const day = (days[date] = { ...(days[date] ?? emptyDay()) });
    if (event.type === 'click') {
      day.clicks++;
      linkClicks[event.data.link_id] = (linkClicks[event.data.link_id] ?? 0) + 1;
    } else if (event.type === 'lead') day.leads++;
    else {
      day.sales++;
      const before = day.revenue[event.data.currency] ?? { sales: 0, amount: 0 };
      day.revenue = { ...day.revenue, [event.data.currency]: { sales: before.sales + 1, amount: before.amount + event.data.amount } };
    }
  }
  return { days, linkClicks };
}

/** The tally's days from `from` to `to` (inclusive UTC days; an open end is unbounded) added up. */
export function tallyBetween(tally: Tally, from?: string, to?: string): DayTally {
  const sum = emptyDay();
  for (const [date, day] of Object.entries(tally.days)) {
    if ((from && date < from) || (to && date > to)) continue;
    sum.clicks += day.clicks;
    sum.leads += day.leads;
    sum.sales += day.sales;
    for (const [currency, money] of Object.entries(day.revenue)) {
      const before = sum.revenue[currency] ?? { sales: 0, amount: 0 };
      sum.revenue[currency] = { sales: before.sales + money.sales, amount: before.amount + money.amount };
    }
  }
  return sum;
}

const NO_TALLY = emptyTally();

/** The tally to add to click and funnel figures: none under a stats filter, since live events are not filtered (the view keeps what it loaded). */
export const clickTally = (tally: Tally, filter: string | undefined): Tally => (filter ? NO_TALLY : tally);

/** A daily click series with the tally's clicks added to its days. */
export const withLiveClicks = <D extends { date: string; clicks: number }>(days: D[], tally: Tally): D[] =>
  days.map((d) => (tally.days[d.date]?.clicks ? { ...d, clicks: d.clicks + tally.days[d.date]!.clicks } : d));

/**
 * The live stream of the workspace (of one link when `linkId` is given; see useLive) and the tally of its events since `loaded` last
 * changed (the page's figures, undefined while they load): events before the figures arrive may
 * already be in them, so they are not added; at most a click stored during the load is missed.
 */
export function useLiveTally(wsId: string, enabled: boolean, loaded: unknown, linkId?: string) {
  const [tally, setTally] = useState(emptyTally);
  const ready = useRef(false);
  ready.current = loaded !== undefined;
  useEffect(() => setTally(emptyTally()), [loaded]);
  const live = useLive(wsId, enabled, (events) => ready.current && setTally((t) => addEvents(t, events)), linkId);
  return { ...live, tally };
}
