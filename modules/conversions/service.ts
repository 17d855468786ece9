import type { Static } from '@sinclair/typebox';
import { and, asc, eq } from 'drizzle-orm';
import type { Deps } from '../../core/deps';
import { badRequest, notFound } from '../../core/errors';
import { iso, newId } from '../../core/format';
import { recordAudit } from '../audit';
import { rememberedWorkspace } from '../workspaces';
import { attributableClick } from './attribution';
import { METADATA_MAX_CHARS, type LeadBody, type SaleBody } from './model';
import { countLead, countSale } from './rollup';
import { conversionLeads, conversionSales } from './schema';

type LeadRow = typeof conversionLeads.$inferSelect;
type SaleRow = typeof conversionSales.$inferSelect;

const DEFAULT_SALE_EVENT = 'Purchase';
/** ISO 4217 codes as the runtime knows them (ICU) */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

function checkMetadata(metadata: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (metadata === undefined) return null;
  if (JSON.stringify(metadata).length > METADATA_MAX_CHARS) throw badRequest(`Invalid metadata: at most ${METADATA_MAX_CHARS} characters as JSON`);
  return metadata;
}

function checkCurrency(currency: string): string {
  if (!/^[A-Z]{3}$/.test(currency) || !CURRENCIES.has(currency))
    throw badRequest(`Invalid currency "${currency.slice(0, 10)}": expected an ISO 4217 code in upper case (EUR, USD, JPY …)`);
  return currency;
}

const leadAnswer = (lead: LeadRow) => ({ lead_id: lead.id, click_id: lead.clickId, link_id: lead.linkId, customer_id: lead.customerId });
const saleAnswer = (sale: SaleRow) => ({ sale_id: sale.id, link_id: sale.linkId, customer_id: sale.customerId });

const leadOf = (deps: Deps, workspaceId: string, customerId: string, eventName: string) =>
  deps.db
    .select()
    .from(conversionLeads)
    .where(and(eq(conversionLeads.workspaceId, workspaceId), eq(conversionLeads.customerId, customerId), eq(conversionLeads.eventName, eventName)))
    .then((rows) => rows[0]);

/**
 * A lead against a click of the workspace. The same customer and event name again answers the
 * first lead (whatever click id comes with it): retries and double submits count once.
 */
export async function trackLead(deps: Deps, workspaceId: string, userId: string, body: Static<typeof LeadBody>) {
  const existing = await leadOf(deps, workspaceId, body.customer_id, body.event_name);
  if (existing) return leadAnswer(existing);
  const metadata = checkMetadata(body.metadata);
  const workspace = await rememberedWorkspace(deps, workspaceId);
  if (!workspace) throw notFound('Workspace');
  const click = await attributableClick(deps, workspaceId, body.click_id, workspace.attributionWindowDays);
  const created = await deps.db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(conversionLeads)
      .values({
        id: newId(),
        workspaceId,
        linkId: click.linkId,
        clickId: click.id,
        clickedAt: click.clickedAt,
        country: click.country,
        referrer: click.referrer,
        browser: click.browser,
        os: click.os,
        device: click.device,
        variant: click.variant,
        customerId: body.customer_id,
        eventName: body.event_name,
        customerEmail: body.customer_email || null,
        customerName: body.customer_name || null,
        metadata,
      })
      .onConflictDoNothing()
      .returning();
    if (lead) {
      await countLead(tx, lead);
      await recordAudit({ db: tx, workspaceId, userId, action: 'lead.create', details: { id: lead.id, link_id: lead.linkId, event_name: lead.eventName } });
    }
    return lead;
  });
  // a concurrent call for the same customer and event stored it first
  if (!created) return leadAnswer((await leadOf(deps, workspaceId, body.customer_id, body.event_name))!);
  void deps.bus.emit('lead.created', {
    workspaceId,
    userId,
    data: {
      lead_id: created.id,
      click_id: created.clickId,
      link_id: created.linkId,
      customer_id: created.customerId,
      event_name: created.eventName,
      customer_email: created.customerEmail,
      customer_name: created.customerName,
      metadata: created.metadata,
      created_at: iso(created.createdAt),
    },
  });
  return leadAnswer(created);
}

const saleByInvoice = (deps: Deps, workspaceId: string, invoiceId: string) =>
  deps.db
    .select()
    .from(conversionSales)
    .where(and(eq(conversionSales.workspaceId, workspaceId), eq(conversionSales.invoiceId, invoiceId)))
    .then((rows) => rows[0]);

/**
 * A sale of a customer with a lead, attributed to the link of the customer's first lead. The same
 * invoice_id again answers the first sale and is counted once.
 */
export async function trackSale(deps: Deps, workspaceId: string, userId: string, body: Static<typeof SaleBody>) {
  const currency = checkCurrency(body.currency);
  const metadata = checkMetadata(body.metadata);
  if (body.invoice_id !== undefined) {
    const existing = await saleByInvoice(deps, workspaceId, body.invoice_id);
    if (existing) return saleAnswer(existing);
  }
  const [lead] = await deps.db
    .select()
    .from(conversionLeads)
    .where(and(eq(conversionLeads.workspaceId, workspaceId), eq(conversionLeads.customerId, body.customer_id)))
    .orderBy(asc(conversionLeads.createdAt), asc(conversionLeads.id))
    .limit(1);
  if (!lead) throw notFound('Lead of this customer_id');
  const created = await deps.db.transaction(async (tx) => {
    const [sale] = await tx
      .insert(conversionSales)
      .values({
        id: newId(),
        workspaceId,
        leadId: lead.id,
        linkId: lead.linkId,
        customerId: lead.customerId,
        eventName: body.event_name ?? DEFAULT_SALE_EVENT,
        amount: body.amount,
        currency,
        invoiceId: body.invoice_id ?? null,
        metadata,
      })
      .onConflictDoNothing()
      .returning();
    if (sale) {
      await countSale(tx, sale);
      await recordAudit({
        db: tx,
        workspaceId,
        userId,
        action: 'sale.create',
        details: { id: sale.id, link_id: sale.linkId, amount: sale.amount, currency: sale.currency, invoice_id: sale.invoiceId },
      });
    }
    return sale;
  });
  // only an invoice_id conflicts: a concurrent call with it stored it first
  if (!created) return saleAnswer((await saleByInvoice(deps, workspaceId, body.invoice_id!))!);
  void deps.bus.emit('sale.created', {
    workspaceId,
    userId,
    data: {
      sale_id: created.id,
      lead_id: created.leadId,
      link_id: created.linkId,
      customer_id: created.customerId,
      event_name: created.eventName,
      amount: created.amount,
      currency: created.currency,
      invoice_id: created.invoiceId,
      metadata: created.metadata,
      created_at: iso(created.createdAt),
    },
  });
  return saleAnswer(created);
}
