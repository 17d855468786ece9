import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { getLinksByIds } from '../links';
import { conversionLeads, conversionSales } from './schema';

/** Where the previous page ended: Postgres' own text of the last row's time (a JS Date drops microseconds) and its id. */
export interface ConversionCursor {
  createdAt: string;
  id: string;
}

interface ConversionRow {
  kind: 'lead' | 'sale';
  id: string;
  created_at: string;
  cursor: string;
  link_id: string;
  click_id: string;
  customer_id: string;
  customer_email: string | null;
  customer_name: string | null;
  event_name: string;
  amount: string | null;
  currency: string | null;
  invoice_id: string | null;
}

/**
 * One page of a workspace's leads and sales together, newest first, strictly after `before`
 * (keyset on each table's workspace/time index). A sale carries its lead's click id and customer
 * details; each row its link's domain and slug (null for a deleted link).
 */
export async function conversionsBefore(db: DbOrTx, workspaceId: string, opts: { before?: ConversionCursor; limit: number }) {
  const l = conversionLeads;
  const s = conversionSales;
  const after = (table: typeof l | typeof s) =>
    opts.before ? sql`and (${table.createdAt}, ${table.id}) < (${opts.before.createdAt}::timestamptz, ${opts.before.id})` : sql``;
  const rows = rowsOf<ConversionRow>(
    await db.execute(sql`
      (select 'lead' as kind, ${l.id} as id, ${l.createdAt} as created_at, ${l.createdAt}::text as cursor, ${l.linkId} as link_id,
          ${l.clickId} as click_id, ${l.customerId} as customer_id, ${l.customerEmail} as customer_email, ${l.customerName} as customer_name,
          ${l.eventName} as event_name, null::bigint as amount, null::text as currency, null::text as invoice_id
        from ${l} where ${l.workspaceId} = ${workspaceId} ${after(l)}
        order by ${l.createdAt} desc, ${l.id} desc limit ${opts.limit})
      union all
      (select 'sale', ${s.id}, ${s.createdAt}, ${s.createdAt}::text, ${s.linkId},
          ${l.clickId}, ${s.customerId}, ${l.customerEmail}, ${l.customerName},
          ${s.eventName}, ${s.amount}, ${s.currency}::text, ${s.invoiceId}
        from ${s} join ${l} on ${l.id} = ${s.leadId} where ${s.workspaceId} = ${workspaceId} ${after(s)}
        order by ${s.createdAt} desc, ${s.id} desc limit ${opts.limit})
      order by created_at desc, id desc limit ${opts.limit}`),
  );
  const links = new Map((await getLinksByIds(db, workspaceId, [...new Set(rows.map((r) => r.link_id))])).map((link) => [link.id, link]));
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at),
    amount: r.amount === null ? null : Number(r.amount),
    domain: links.get(r.link_id)?.domain ?? null,
    slug: links.get(r.link_id)?.slug ?? null,
  }));
}
