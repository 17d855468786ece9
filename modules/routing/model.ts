import { t } from 'elysia';
import { DEVICE_KEYS, OS_KEYS } from './shared';

const Url = t.String({ format: 'uri', description: 'http(s) URL' });
const UrlMap = (keys: readonly string[], description: string) =>
  t.Object(Object.fromEntries(keys.map((k) => [k, t.Optional(Url)])), { additionalProperties: false, description });

/** A link's legacy `routing_rules`: target by country, device or OS. */
export const RoutingRules = t.Object(
  {
    geo: t.Optional(t.Record(t.String({ pattern: '^[A-Za-z]{2}$' }), Url, { description: 'ISO 3166-1 alpha-2 country code → URL' })),
    device: t.Optional(UrlMap(DEVICE_KEYS, 'mobile, desktop or tablet → URL')),
    os: t.Optional(UrlMap(OS_KEYS, `${OS_KEYS.join(', ')} → URL`)),
  },
  { additionalProperties: false, description: 'Geo, device and OS routing (Team or Agency)' },
);
