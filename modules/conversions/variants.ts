import { and, count, eq, gte, lt, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { clicksByVariant } from '../clicks';
import { filteredRange } from '../stats';
import { conversionLeads, conversionSales } from './schema';

export interface Variant {
  name: string;
  url: string;
  weight: number;
}

/** `part` of `whole` as a fraction rounded to 4 places; null when `whole` is 0. */
const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : null);

/**
 * A link's A/B results over a range of UTC days (default all time): per current variant its clicks
 * (the clicks that variant served), the leads of those clicks and their sales and revenue per
 * currency, and the share of the link's variant clicks it got beside the share its weight asks for.
 * Clicks, leads and sales are matched by the variant's name, as the click recorded it.
 */
export async function variantStats(db: DbOrTx, workspaceId: string, linkId: string, variants: Variant[], q: { from?: string; to?: string }) {
  const f = await filteredRange(db, workspaceId, q, linkId);
  const from = f.from ?? new Date(0);
  const to = f.to ?? new Date(Date.now() + 86_400_000);
  const l = conversionLeads;
  const s = conversionSales;
  const [clicks, leads, sales] = await Promise.all([
    clicksByVariant(db, workspaceId, linkId, from, to),
    db
      .select({ variant: l.variant, leads: count() })
      .from(l)
      .where(and(eq(l.workspaceId, workspaceId), eq(l.linkId, linkId), gte(l.createdAt, from), lt(l.createdAt, to)))
      .groupBy(l.variant),
    db
      .select({ variant: l.variant, currency: s.currency, sales: count(), amount: sum(s.amount).mapWith(Number) })
      .from(s)
      .innerJoin(l, eq(l.id, s.leadId))
      .where(and(eq(s.workspaceId, workspaceId), eq(s.linkId, linkId), gte(s.createdAt, from), lt(s.createdAt, to)))
      .groupBy(l.variant, s.currency)
      .orderBy(s.currency),
  ]);
  const weights = variants.reduce((n, v) => n + v.weight, 0);
  const served = variants.reduce((n, v) => n + (clicks.get(v.name) ?? 0), 0);
  return {
    variants: variants.map((v) => {
      const own = sales.filter((row) => row.variant === v.name);
      return {
        name: v.name,
        url: v.url,
        weight: v.weight,
        weight_share: share(v.weight, weights)!,
        clicks: clicks.get(v.name) ?? 0,
        traffic_share: share(clicks.get(v.name) ?? 0, served),
        leads: Number(leads.find((row) => row.variant === v.name)?.leads ?? 0),
        sales: own.reduce((n, row) => n + Number(row.sales), 0),
        revenue: own.map((row) => ({ currency: row.currency, amount: row.amount ?? 0 })),
      };
    }),
  };
}
