import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db';
import { conversionLeadDays, conversionLeads, conversionSaleDays, conversionSales } from './schema';

/**
 * Conversion rollups: leads per link and UTC day, sales and revenue per link, day and currency.
 * A lead or sale raises its row in the transaction that stores it (only when the insert stored a
 * row: a repeated invoice_id or customer and event counts nothing), so the rollup holds exactly
 * the stored rows. Leads and sales come one per API call and each call answers its id, so there is
 * no batch to gather: one upsert per row, on the row of its link and day.
 */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export async function countLead(tx: DbOrTx, lead: { workspaceId: string; linkId: string; createdAt: Date }) {
  await tx
    .insert(conversionLeadDays)
    .values({ workspaceId: lead.workspaceId, linkId: lead.linkId, day: dayOf(lead.createdAt), leads: 1 })
    .onConflictDoUpdate({
      target: [conversionLeadDays.workspaceId, conversionLeadDays.linkId, conversionLeadDays.day],
      set: { leads: sql`${conversionLeadDays.leads} + 1` },
    });
}

export async function countSale(tx: DbOrTx, sale: { workspaceId: string; linkId: string; createdAt: Date; currency: string; amount: number }) {
  await tx
    .insert(conversionSaleDays)
    .values({ workspaceId: sale.workspaceId, linkId: sale.linkId, day: dayOf(sale.createdAt), currency: sale.currency, sales: 1, amount: sale.amount })
    .onConflictDoUpdate({
      target: [conversionSaleDays.workspaceId, conversionSaleDays.linkId, conversionSaleDays.day, conversionSaleDays.currency],
      set: { sales: sql`${conversionSaleDays.sales} + 1`, amount: sql`${conversionSaleDays.amount} + excluded.amount` },
    });
}

/**
 * Recomputes a workspace's rollups from its stored leads and sales. The exclusive table locks make
 * a concurrent lead or sale wait for the rebuild (or the rebuild for it), so neither is lost nor
 * counted twice: one stored before the lock is read by the rebuild, one after it raises the new rows.
 */
export async function rebuildConversionRollups(db: Db, workspaceId: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${conversionLeadDays}, ${conversionSaleDays} in exclusive mode`);
    await tx.delete(conversionLeadDays).where(eq(conversionLeadDays.workspaceId, workspaceId));
    await tx.delete(conversionSaleDays).where(eq(conversionSaleDays.workspaceId, workspaceId));
    const day = (at: typeof conversionLeads.createdAt | typeof conversionSales.createdAt) => sql`(${at} at time zone 'UTC')::date`;
    await tx.execute(sql`
      insert into ${conversionLeadDays} (workspace_id, link_id, day, leads)
      select ${conversionLeads.workspaceId}, ${conversionLeads.linkId}, ${day(conversionLeads.createdAt)}, count(*)
      from ${conversionLeads} where ${conversionLeads.workspaceId} = ${workspaceId} group by 1, 2, 3`);
    await tx.execute(sql`
      insert into ${conversionSaleDays} (workspace_id, link_id, day, currency, sales, amount)
      select ${conversionSales.workspaceId}, ${conversionSales.linkId}, ${day(conversionSales.createdAt)}, ${conversionSales.currency}, count(*), sum(${conversionSales.amount})
      from ${conversionSales} where ${conversionSales.workspaceId} = ${workspaceId} group by 1, 2, 3, 4`);
  });
}
