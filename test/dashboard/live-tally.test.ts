import { expect, test } from 'bun:test';
import type { LiveEvent } from '../../modules/dashboard/client/components/live';
import { addEvents, emptyTally, tallyBetween, withLiveClicks } from '../../modules/dashboard/client/components/live-tally';
import { withLive, type ConversionStats } from '../../modules/dashboard/client/pages/conversions/with-live';

/** What the live view adds to figures a page loaded: per UTC day, per currency, within the page's range. */
const click = (link_id: string, at: string): LiveEvent => ({
  type: 'click',
  data: {
    id: `${link_id}-${at}`,
    link_id,
    domain: 'go.example',
    slug: 's',
    clicked_at: at,
    country: null,
    device: null,
    browser: null,
    os: null,
    referrer_host: null,
  },
});
const lead = (link_id: string, at: string): LiveEvent => ({
  type: 'lead',
  data: { lead_id: `l-${at}`, link_id, customer_id: 'c', event_name: 'Sign up', created_at: at },
});
const sale = (amount: number, currency: string, at: string): LiveEvent => ({
  type: 'sale',
  data: { sale_id: `s-${at}-${currency}`, link_id: 'a', customer_id: 'c', event_name: 'Purchase', amount, currency, created_at: at },
});

const events = [
  click('a', '2026-11-26T23:59:59.000Z'),
  click('a', '2026-11-27T00:00:00.000Z'),
  click('b', '2026-11-27T10:00:00.000Z'),
  lead('a', '2026-11-27T10:00:01.000Z'),
  sale(4900, 'EUR', '2026-11-27T10:00:02.000Z'),
  sale(100, 'EUR', '2026-11-27T10:00:03.000Z'),
  sale(1500, 'JPY', '2026-11-27T10:00:04.000Z'),
];

test('events are tallied by UTC day and link; revenue per currency, never summed across currencies', () => {
  const tally = addEvents(addEvents(emptyTally(), events.slice(0, 3)), events.slice(3));
  expect(tally.linkClicks).toEqual({ a: 2, b: 1 });
  expect(tally.days['2026-11-26']).toEqual({ clicks: 1, leads: 0, sales: 0, revenue: {} });
  expect(tally.days['2026-11-27']).toEqual({ clicks: 2, leads: 1, sales: 3, revenue: { EUR: { sales: 2, amount: 5000 }, JPY: { sales: 1, amount: 1500 } } });
  expect(tallyBetween(tally, '2026-11-27')).toEqual({
    clicks: 2,
    leads: 1,
    sales: 3,
    revenue: { EUR: { sales: 2, amount: 5000 }, JPY: { sales: 1, amount: 1500 } },
  });
  expect(tallyBetween(tally, undefined, '2026-11-26').clicks).toBe(1);
  expect(tallyBetween(tally).clicks).toBe(3);
  // the tally it was given is left as it was (pages keep it as state)
  const before = addEvents(emptyTally(), events.slice(0, 1));
  addEvents(before, events);
  expect(before.days['2026-11-27']).toBeUndefined();
});

test('a daily click series gains the live clicks of its own days only', () => {
  const tally = addEvents(emptyTally(), events);
  const days = [
    { date: '2026-11-25', clicks: 4 },
    { date: '2026-11-26', clicks: 0 },
  ];
  expect(withLiveClicks(days, tally)).toEqual([
    { date: '2026-11-25', clicks: 4 },
    { date: '2026-11-26', clicks: 1 },
  ]);
});

test('the funnel gains what arrived live in its range, a currency it had not seen included; outside the range it is unchanged', () => {
  const loaded: ConversionStats = {
    clicks: 10,
    leads: 2,
    sales: 1,
    revenue: [{ currency: 'USD', sales: 1, amount: 700 }],
    lead_rate: 0.2,
    sale_rate: 0.5,
    daily: [{ date: '2026-11-20', clicks: 10, leads: 2, sales: 1, revenue: [{ currency: 'USD', sales: 1, amount: 700 }] }],
    top_links: [],
  };
  const tally = addEvents(emptyTally(), events);
  expect(withLive(loaded, tally, '2026-10-29', '2026-11-27')).toEqual({
    clicks: 13,
    leads: 3,
    sales: 4,
    revenue: [
      { currency: 'EUR', sales: 2, amount: 5000 },
      { currency: 'JPY', sales: 1, amount: 1500 },
      { currency: 'USD', sales: 1, amount: 700 },
    ],
    lead_rate: 3 / 13,
    sale_rate: 4 / 3,
    daily: [
      { date: '2026-11-20', clicks: 10, leads: 2, sales: 1, revenue: [{ currency: 'USD', sales: 1, amount: 700 }] },
      { date: '2026-11-26', clicks: 1, leads: 0, sales: 0, revenue: [] },
      {
        date: '2026-11-27',
        clicks: 2,
        leads: 1,
        sales: 3,
        revenue: [
          { currency: 'EUR', sales: 2, amount: 5000 },
          { currency: 'JPY', sales: 1, amount: 1500 },
        ],
      },
    ],
    top_links: [],
  });
  expect(withLive(loaded, tally, '2026-10-01', '2026-10-31')).toBe(loaded);
  expect(withLive(loaded, tally, '2026-11-26', '2026-11-26')).toEqual({
    ...loaded,
    clicks: 11,
    lead_rate: 2 / 11,
    daily: [...loaded.daily, { date: '2026-11-26', clicks: 1, leads: 0, sales: 0, revenue: [] }],
  });
});
