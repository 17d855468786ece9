import { eq } from 'drizzle-orm';
import type { Config } from '../../core/config';
import type { DbOrTx } from '../../core/db';
import { sha256Hex } from '../../core/secrets';
import { forwardsToFb, forwardsToGa, postAnalytics, type AnalyticsAccounts } from '../retargeting';
import { conversionLeads, conversionSales } from './schema';

/**
 * Leads and sales forwarded to the workspace's GA4 property (Measurement Protocol) and Meta pixel
 * (Conversions API), as the click forwarding of the retargeting module does with clicks: the same
 * settings (ga_id + ga_api_secret, fb_pixel_id + fb_access_token) and endpoints (GA_ENDPOINT,
 * FB_ENDPOINT). The job carries ids only: the customer's email and the secrets stay in the database.
 */
export type Destination = 'ga' | 'fb';
export type ConversionKind = 'lead' | 'sale';

export const DESTINATION_NAMES: Record<Destination, string> = { ga: 'GA4 Measurement Protocol', fb: 'Meta Conversions API' };

export const destinationsOf = (accounts: AnalyticsAccounts): Destination[] => [
  ...(forwardsToGa(accounts) ? (['ga'] as const) : []),
  ...(forwardsToFb(accounts) ? (['fb'] as const) : []),
];

type LeadRow = typeof conversionLeads.$inferSelect;
type SaleRow = typeof conversionSales.$inferSelect;
/** A lead, or a sale with the lead it is attributed to (its click id is the GA client, its email a Meta match key). */
type Conversion = { kind: 'lead'; lead: LeadRow } | { kind: 'sale'; lead: LeadRow; sale: SaleRow };

export async function loadConversion(db: DbOrTx, kind: ConversionKind, id: string): Promise<Conversion | undefined> {
  if (kind === 'lead') {
    const [lead] = await db.select().from(conversionLeads).where(eq(conversionLeads.id, id));
    return lead && { kind, lead };
  }
  const [row] = await db
    .select()
    .from(conversionSales)
    .innerJoin(conversionLeads, eq(conversionSales.leadId, conversionLeads.id))
    .where(eq(conversionSales.id, id));
  return row && { kind, lead: row.conversion_leads, sale: row.conversion_sales };
}

/** The amount in the currency's major units, as both APIs take it (4900 EUR cents → 49, 4900 JPY → 4900). */
function majorUnits(amount: number, currency: string): number {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return amount / 10 ** digits;
}

const clip = (s: string) => s.slice(0, 100);

/**
 * GA4: `generate_lead` or `purchase`, with the click id as the client id, so that the lead and the
 * sales of one visit are one client; a purchase's transaction id is the invoice id (the sale id without one).
 */
export function gaConversionPayload(c: Conversion) {
  const at = c.kind === 'lead' ? c.lead.createdAt : c.sale.createdAt;
  const event =
    c.kind === 'lead'
      ? { name: 'generate_lead', params: { link_id: c.lead.linkId, lead_id: c.lead.id, lead_event: clip(c.lead.eventName) } }
      : {
          name: 'purchase',
          params: {
            link_id: c.sale.linkId,
            transaction_id: clip(c.sale.invoiceId ?? c.sale.id),
            currency: c.sale.currency,
            value: majorUnits(c.sale.amount, c.sale.currency),
          },
        };
  return { client_id: c.lead.clickId, timestamp_micros: at.getTime() * 1000, events: [event] };
}

/**
 * Meta: `Lead` or `Purchase`; `event_id` is the lead's or sale's id, so Meta drops a re-sent one;
 * customer information is hashed (SHA-256) as Meta requires: the customer id, and the lead's email
 * when it has one.
 */
export function fbConversionEvent(c: Conversion) {
  const email = c.lead.customerEmail?.trim().toLowerCase();
  const user_data = { external_id: [sha256Hex(c.lead.customerId)], ...(email ? { em: [sha256Hex(email)] } : {}) };
  if (c.kind === 'lead')
    return {
      event_name: 'Lead',
      event_time: Math.floor(c.lead.createdAt.getTime() / 1000),
      event_id: c.lead.id,
      action_source: 'system_generated',
      user_data,
      custom_data: { link_id: c.lead.linkId, lead_event: clip(c.lead.eventName) },
    };
  return {
    event_name: 'Purchase',
    event_time: Math.floor(c.sale.createdAt.getTime() / 1000),
    event_id: c.sale.id,
    action_source: 'system_generated',
    user_data,
    custom_data: {
      link_id: c.sale.linkId,
      order_id: c.sale.invoiceId ?? c.sale.id,
      currency: c.sale.currency,
      value: majorUnits(c.sale.amount, c.sale.currency),
    },
  };
}

/** One lead or sale to one destination; throws as postAnalytics does. */
export async function forwardConversion(config: Config, accounts: AnalyticsAccounts, destination: Destination, c: Conversion): Promise<void> {
  if (destination === 'ga') {
    const url = `${config.gaEndpoint}?measurement_id=${encodeURIComponent(accounts.gaId!)}&api_secret=${encodeURIComponent(accounts.gaApiSecret!)}`;
    return postAnalytics(config, url, gaConversionPayload(c), DESTINATION_NAMES.ga);
  }
  const url = `${config.fbEndpoint}/${encodeURIComponent(accounts.fbPixelId!)}/events`;
  // the token travels in the body, not the query string, so proxies and logs do not keep it
  return postAnalytics(config, url, { data: [fbConversionEvent(c)], access_token: accounts.fbAccessToken }, DESTINATION_NAMES.fb);
}
