import { t } from 'elysia';
import { Int } from '../../core/model';
import { QueryInt } from '../../core/validation';
import { FilterQuery } from './filters';

const Day = (description: string) => t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, error: 'dates are YYYY-MM-DD' });

// a string with a pattern, not a one-value enum: Elysia fills a missing one-value enum in with its value
const Compare = t.Optional(
  t.String({
    pattern: '^previous$',
    error: 'compare is previous or absent',
    description: '`previous`: also answer the period of equal length just before the range (`previous`), for "compared with the previous period"',
  }),
);

export const FilterOnly = t.Object({ filter: FilterQuery });

export const RangeQuery = t.Object({
  from: t.Optional(Day('First UTC day, inclusive (YYYY-MM-DD)')),
  to: t.Optional(Day('Last UTC day, inclusive (YYYY-MM-DD); default today')),
  filter: FilterQuery,
});

export const DailyQuery = t.Object({ ...RangeQuery.properties, compare: Compare });

export const TopQuery = t.Object({
  from: t.Optional(Day('First UTC day, inclusive (YYYY-MM-DD); default: all time')),
  to: t.Optional(Day('Last UTC day, inclusive (YYYY-MM-DD); default: all time')),
  limit: t.Optional(QueryInt({ minimum: 1, maximum: 100, default: 10, description: 'How many top values, 1 to 100 (default 10)' })),
  filter: FilterQuery,
});

/** Unique visitors: not known under a filter (the rollups by combination of dimensions count clicks only). */
const Visitors = (description: string) => t.Union([Int(), t.Null()], { description: `${description}; null when filtered` });

/** Visits by bots: counted aside, never in the clicks. */
const BotVisits = (when: string) =>
  t.Optional(
    t.Union([Int(), t.Null()], {
      description: `${when}: visits by bots (curl, headless browsers, crawlers), not counted as clicks; null under a filter on visitor dimensions`,
    }),
  );

export const Summary = t.Object({
  total_links: Int(),
  total_clicks: Int(),
  total_countries: Int({ description: 'Distinct known visitor countries' }),
  today_clicks: Int({ description: 'Clicks since 00:00 UTC today' }),
  unique_visitors: Visitors(
    'Unique visitors, all time: per UTC day, summed over days (a visitor is a daily-salted hash of IP and User-Agent, never stored raw)',
  ),
  today_visitors: Visitors('Unique visitors since 00:00 UTC today'),
  bot_visits: BotVisits('All time'),
});

const Series = t.Object({
  from: t.String(),
  to: t.String(),
  clicks: Int({ description: 'Clicks in the range' }),
  visitors: Visitors('Unique visitors in the range, per UTC day summed over days'),
  days: t.Array(t.Object({ date: t.String({ description: 'YYYY-MM-DD (UTC)' }), clicks: Int(), visitors: Visitors('Unique visitors that day') }), {
    description: 'Every day of the range, zero-filled',
  }),
});

export const DailySeries = t.Object({
  ...Series.properties,
  previous: t.Optional(t.Object(Series.properties, { description: 'With `compare=previous`: the same of the days of equal number just before the range' })),
});

export const HourlyQuery = t.Object({
  ...RangeQuery.properties,
  link_id: t.Optional(t.String({ description: "Only this link's clicks" })),
});

export const Hourly = t.Object({
  from: t.String(),
  to: t.String(),
  hours: t.Array(
    t.Object({
      day: t.UnionEnum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], { description: 'Weekday (UTC)' }),
      hour: Int({ minimum: 0, maximum: 23, description: 'Hour of the day (UTC)' }),
      clicks: Int(),
      visitors: Visitors('Unique visitors whose first visit of their day fell in this hour'),
    }),
    { description: 'All 7 × 24 cells (Monday 00 first), zero-filled: a weekly heatmap over the range' },
  ),
});

export const TopLinks = t.Object({
  links: t.Array(
    t.Object({
      link_id: t.String(),
      domain: t.String(),
      slug: t.String(),
      title: t.Union([t.String(), t.Null()]),
      clicks: Int({ description: 'Clicks in the range' }),
    }),
    { description: 'Most clicks first' },
  ),
});

const Top = <K extends string>(key: K, description: string) =>
  t.Array(t.Object({ [key]: t.Union([t.String(), t.Null()], { description }), clicks: Int() } as Record<K, any>), { description: 'Most clicks first' });

export const CountryTop = Top('country', 'ISO country code; null when unknown');
export const ReferrerTop = Top('referrer', 'Referring host; null for direct visits');
export const DeviceTop = Top('device', 'desktop, mobile or tablet; null when unknown');
export const BrowserTop = Top('browser', 'Browser name; null when unknown');
export const OsTop = Top('os', 'Operating system; null when unknown');

const UtmTop = (key: `utm_${string}`) => Top(key, `The link's utm_${key.slice(4)}; null when it sends none`);

export const Utm = t.Object({
  sources: UtmTop('utm_source'),
  mediums: UtmTop('utm_medium'),
  campaigns: UtmTop('utm_campaign'),
});

export const Countries = t.Object({ countries: CountryTop });
export const Referrers = t.Object({ referrers: ReferrerTop });
export const Devices = t.Object({ devices: DeviceTop, browsers: BrowserTop, os: OsTop });

export const LinkStatsQuery = t.Object({
  from: t.Optional(Day('First UTC day, inclusive (YYYY-MM-DD); default 29 days before `to`')),
  to: t.Optional(Day('Last UTC day, inclusive (YYYY-MM-DD); default today')),
  limit: TopQuery.properties.limit,
  filter: FilterQuery,
  compare: Compare,
});

export const LinkStats = t.Object({
  link_id: t.String(),
  total_clicks: Int({ description: 'All time' }),
  today_clicks: Int(),
  total_countries: Int({ description: 'All time' }),
  unique_visitors: Visitors('All time, per UTC day summed over days'),
  ...DailySeries.properties,
  countries: CountryTop,
  referrers: ReferrerTop,
  devices: DeviceTop,
  browsers: BrowserTop,
  os: OsTop,
  bot_visits: BotVisits('In the range'),
  imported_clicks: t.Optional(
    Int({
      description: "Clicks another tool counted before the link was imported (its export's total): apart from every measured number above, never in the series",
    }),
  ),
  imported_from: t.Optional(
    t.Union([t.String(), t.Null()], { description: 'The tool those clicks come from (the import format: bitly, yourls, …); null when not imported' }),
  ),
});
