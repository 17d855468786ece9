import { t } from 'elysia';
import { Int } from '../../core/model';
import { FILTER_DESCRIPTION, FILTER_MAX_LENGTH } from '../stats';

/** Largest sale amount, in minor units (10 billion in a two-decimal currency): sums stay exact. */
export const AMOUNT_MAX = 1_000_000_000_000;
/** metadata as JSON text, at most */
export const METADATA_MAX_CHARS = 10_000;

const Metadata = t.Record(t.String(), t.Unknown(), { description: `Your own JSON object, at most ${METADATA_MAX_CHARS} characters as JSON` });
const Text = (minLength: number, maxLength: number, description: string) => t.String({ minLength, maxLength, description });

export const LeadBody = t.Object(
  {
    click_id: Text(1, 64, 'The `lh_cid` the visit of a link with track_conversions brought to your site'),
    event_name: Text(1, 100, 'What the customer did, e.g. "Sign up"'),
    customer_id: Text(1, 200, 'Your id of the customer'),
    customer_email: t.Optional(Text(0, 320, "The customer's email address")),
    customer_name: t.Optional(Text(0, 200, "The customer's name")),
    metadata: t.Optional(Metadata),
  },
  { additionalProperties: false, example: { click_id: '019ab0c2-5d1e-7c3a-9f10-2b4c6d8e0001', event_name: 'Sign up', customer_id: 'cus_42' } },
);

export const Lead = t.Object({ lead_id: t.String(), click_id: t.String(), link_id: t.String(), customer_id: t.String() });

export const SaleBody = t.Object(
  {
    customer_id: Text(1, 200, 'A customer with a lead'),
    amount: Int({ minimum: 0, maximum: AMOUNT_MAX, description: "In the currency's minor units (cents for EUR, yen for JPY)" }),
    currency: t.String({ description: 'ISO 4217 code, upper case (EUR, USD, JPY …)' }),
    event_name: t.Optional(Text(1, 100, 'What was sold (default "Purchase")')),
    invoice_id: t.Optional(Text(1, 200, 'Your invoice id: the same invoice_id again answers the same sale, counted once')),
    metadata: t.Optional(Metadata),
  },
  { additionalProperties: false, example: { customer_id: 'cus_42', amount: 4900, currency: 'EUR', invoice_id: 'inv_1001' } },
);

export const Sale = t.Object({ sale_id: t.String(), link_id: t.String(), customer_id: t.String() });

const Day = (description: string) => t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description, error: 'dates are YYYY-MM-DD' });

export const ConversionStatsQuery = t.Object({
  from: t.Optional(Day('First UTC day, inclusive (YYYY-MM-DD); default: all time')),
  to: t.Optional(Day('Last UTC day, inclusive (YYYY-MM-DD); default: all time')),
  link_id: t.Optional(t.String({ description: 'Only this link' })),
  filter: t.Optional(
    t.String({
      maxLength: FILTER_MAX_LENGTH,
      description:
        `${FILTER_DESCRIPTION} Every step of the funnel is filtered: the leads are those attributed to a matching click, the sales those of these leads. ` +
        'Link attributes read the rollups; visitor dimensions (country, referrer, browser, os, device) count the stored leads and sales, exactly.',
      examples: ['country:DE', 'country:DE,device:mobile', 'tag:launch'],
    }),
  ),
});

const Revenue = t.Array(t.Object({ currency: t.String(), sales: Int(), amount: Int({ description: 'Sum in minor units' }) }), {
  description: 'Per currency (never summed across currencies), by currency code',
});
const Rate = (description: string) => t.Union([t.Number(), t.Null()], { description });

export const ConversionStats = t.Object({
  clicks: Int({ description: 'Clicks recorded in the range' }),
  leads: Int({ description: 'Leads recorded in the range' }),
  sales: Int({ description: 'Sales recorded in the range' }),
  revenue: Revenue,
  lead_rate: Rate('Leads per click in the range (0.05 is 5 %); null without clicks'),
  sale_rate: Rate('Sales per lead in the range; null without leads'),
  daily: t.Array(t.Object({ date: t.String({ description: 'UTC day, YYYY-MM-DD' }), clicks: Int(), leads: Int(), sales: Int(), revenue: Revenue }), {
    description: 'The funnel per UTC day of the range, oldest first; days without clicks, leads or sales are left out',
  }),
  top_links: t.Array(
    t.Object({
      currency: t.String(),
      link_id: t.String(),
      domain: t.Union([t.String(), t.Null()], { description: 'null for a deleted link' }),
      slug: t.Union([t.String(), t.Null()]),
      sales: Int(),
      amount: Int({ description: 'Sum in minor units' }),
    }),
    { description: 'Per currency (by code), the 10 links with the most revenue in the range, most first' },
  ),
});

export const VariantStatsQuery = t.Object({
  from: ConversionStatsQuery.properties.from,
  to: ConversionStatsQuery.properties.to,
});

const Share = (description: string) => t.Union([t.Number(), t.Null()], { description });

export const VariantStats = t.Object({
  variants: t.Array(
    t.Object({
      name: t.String(),
      url: t.String(),
      weight: Int({ description: 'Weight, 1 to 99' }),
      weight_share: t.Number({ description: 'The share of visits the weight asks for (0.5 is half)' }),
      clicks: Int({ description: 'Clicks this variant served in the range' }),
      traffic_share: Share("This variant's share of the link's variant clicks in the range; null without any"),
      leads: Int({ description: "Leads of this variant's clicks, recorded in the range" }),
      sales: Int({ description: 'Sales of those leads, recorded in the range' }),
      revenue: t.Array(t.Object({ currency: t.String(), amount: Int({ description: 'Sum in minor units' }) }), {
        description: 'Per currency (never summed across currencies), by currency code',
      }),
    }),
    { description: "The link's current variants, in their order; empty when it has none" },
  ),
});
