import { t } from 'elysia';
import { Int } from '../../core/model';
import { QueryInt } from '../../core/validation';

const Day = (description: string) => t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, error: 'dates are YYYY-MM-DD' });

export const RangeQuery = t.Object({
  from: t.Optional(Day('First UTC day, inclusive (YYYY-MM-DD)')),
  to: t.Optional(Day('Last UTC day, inclusive (YYYY-MM-DD); default today')),
});

export const TopQuery = t.Object({
  from: t.Optional(Day('First UTC day, inclusive (YYYY-MM-DD); default: all time')),
  to: t.Optional(Day('Last UTC day, inclusive (YYYY-MM-DD); default: all time')),
  limit: t.Optional(QueryInt({ minimum: 1, maximum: 100, default: 10, description: 'How many top values, 1 to 100 (default 10)' })),
});

export const Summary = t.Object({
  total_links: Int(),
  total_clicks: Int(),
  total_countries: Int({ description: 'Distinct known visitor countries' }),
  today_clicks: Int({ description: 'Clicks since 00:00 UTC today' }),
});

export const DailySeries = t.Object({
  from: t.String(),
  to: t.String(),
  days: t.Array(t.Object({ date: t.String({ description: 'YYYY-MM-DD (UTC)' }), clicks: Int() }), { description: 'Every day of the range, zero-filled' }),
});

const Top = <K extends string>(key: K, description: string) =>
  t.Array(t.Object({ [key]: t.Union([t.String(), t.Null()], { description }), clicks: Int() } as Record<K, any>), { description: 'Most clicks first' });

export const CountryTop = Top('country', 'ISO country code; null when unknown');
export const ReferrerTop = Top('referrer', 'Referring host; null for direct visits');
export const DeviceTop = Top('device', 'desktop, mobile or tablet; null when unknown');
export const BrowserTop = Top('browser', 'Browser name; null when unknown');
export const OsTop = Top('os', 'Operating system; null when unknown');

export const Countries = t.Object({ countries: CountryTop });
export const Referrers = t.Object({ referrers: ReferrerTop });
export const Devices = t.Object({ devices: DeviceTop, browsers: BrowserTop, os: OsTop });

export const LinkStatsQuery = t.Object({
  from: t.Optional(Day('First UTC day, inclusive (YYYY-MM-DD); default 29 days before `to`')),
  to: t.Optional(Day('Last UTC day, inclusive (YYYY-MM-DD); default today')),
  limit: TopQuery.properties.limit,
});

export const LinkStats = t.Object({
  link_id: t.String(),
  total_clicks: Int({ description: 'All time' }),
  today_clicks: Int(),
  total_countries: Int({ description: 'All time' }),
  from: t.String(),
  to: t.String(),
  days: DailySeries.properties.days,
  countries: CountryTop,
  referrers: ReferrerTop,
  devices: DeviceTop,
  browsers: BrowserTop,
  os: OsTop,
});
