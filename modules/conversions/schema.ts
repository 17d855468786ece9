import { bigint, char, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

/**
 * A lead: a customer's event (sign-up …) attributed to the click that brought them. `link_id`,
 * `clicked_at` and the visitor's dimensions are copied from the click (click rows have no key to
 * refer to, and outlive nothing); one lead per workspace, customer and event name.
 */
export const conversionLeads = pgTable(
  'conversion_leads',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    linkId: text('link_id').notNull(),
    clickId: text('click_id').notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    /** the click's visitor dimensions as the click facets keep them: '' unknown (for the referrer, a direct visit); the referrer is its host */
    country: text('country').notNull().default(''),
    referrer: text('referrer').notNull().default(''),
    browser: text('browser').notNull().default(''),
    os: text('os').notNull().default(''),
    device: text('device').notNull().default(''),
    /** the click's A/B variant ('' none) */
    variant: text('variant').notNull().default(''),
    customerId: text('customer_id').notNull(),
    eventName: text('event_name').notNull(),
    customerEmail: text('customer_email'),
    customerName: text('customer_name'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversion_leads_customer_event_idx').on(t.workspaceId, t.customerId, t.eventName),
    index('conversion_leads_workspace_time_idx').on(t.workspaceId, t.createdAt),
    index('conversion_leads_link_time_idx').on(t.linkId, t.createdAt),
  ],
);

/** A sale of a customer with a lead, attributed to that lead's link; `invoice_id` makes it idempotent per workspace. */
export const conversionSales = pgTable(
  'conversion_sales',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    leadId: text('lead_id')
      .notNull()
      .references(() => conversionLeads.id, { onDelete: 'cascade' }),
    linkId: text('link_id').notNull(),
    customerId: text('customer_id').notNull(),
    eventName: text('event_name').notNull(),
    /** in the currency's minor units */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** ISO 4217, upper case */
    currency: char('currency', { length: 3 }).notNull(),
    invoiceId: text('invoice_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversion_sales_invoice_idx').on(t.workspaceId, t.invoiceId),
    index('conversion_sales_workspace_time_idx').on(t.workspaceId, t.createdAt),
    index('conversion_sales_link_time_idx').on(t.linkId, t.createdAt),
    index('conversion_sales_lead_idx').on(t.leadId),
  ],
);

/**
 * Leads per link and UTC day of their creation: what the funnel reads. Raised in the transaction
 * that stores the lead, so a lead is counted exactly when it exists (see rollup.ts).
 */
export const conversionLeadDays = pgTable(
  'conversion_lead_days',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    linkId: text('link_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.linkId, t.day] }), index('conversion_lead_days_day_idx').on(t.workspaceId, t.day)],
);

/** Sales and their sum per link, UTC day and currency (never summed across currencies), kept like the lead days. */
export const conversionSaleDays = pgTable(
  'conversion_sale_days',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    linkId: text('link_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    sales: integer('sales').notNull(),
    /** in the currency's minor units */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.linkId, t.day, t.currency] }), index('conversion_sale_days_day_idx').on(t.workspaceId, t.day)],
);
