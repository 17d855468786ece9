import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../core/db';
import { clickLinkDays, clickLinkHours, clicks, clickVisitors, clickWorkspaceDays, clickWorkspaceHours } from './schema';

/**
 * What a foreign-key cascade did before click rows lost their foreign keys (they cost a check per
 * stored click): a deleted link's clicks and rollups go, and its counts leave the workspace's
 * rollups. One transaction, idempotent (a second run finds nothing to subtract). A workspace's
 * unique visitors stay as they were: they are not a sum over links.
 */
export async function forgetLinkClicks(db: DbOrTx, workspaceId: string, linkId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update ${clickWorkspaceHours} w set clicks = w.clicks - l.clicks from ${clickLinkHours} l
      where l.link_id = ${linkId} and w.workspace_id = ${workspaceId} and w.hour = l.hour`);
    await tx.execute(sql`
      update ${clickWorkspaceDays} w set clicks = w.clicks - l.clicks from ${clickLinkDays} l
      where l.link_id = ${linkId} and w.workspace_id = ${workspaceId} and w.dimension = l.dimension and w.day = l.day and w.value = l.value`);
    await tx.execute(sql`delete from ${clickWorkspaceDays} where workspace_id = ${workspaceId} and (clicks <= 0 or (dimension = 'link' and value = ${linkId}))`);
    await tx.execute(sql`delete from ${clickWorkspaceHours} where workspace_id = ${workspaceId} and clicks <= 0`);
    await tx.execute(sql`delete from ${clickLinkHours} where link_id = ${linkId}`);
    await tx.execute(sql`delete from ${clickLinkDays} where link_id = ${linkId}`);
    await tx.execute(sql`delete from ${clickVisitors} where scope = ${linkId}`);
    await tx.execute(sql`delete from ${clicks} where workspace_id = ${workspaceId} and link_id = ${linkId}`);
  });
}

/** A deleted workspace's clicks and every rollup of it and of its links (found through its `link` rollup). */
export async function forgetWorkspaceClicks(db: DbOrTx, workspaceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.execute<{ id: string }>(sql`select distinct value as id from ${clickWorkspaceDays} where workspace_id = ${workspaceId} and dimension = 'link'`);
    const linkIds = `{${rowsOf<{ id: string }>(found).map((r) => r.id).join(',')}}`;
    await tx.execute(sql`delete from ${clickLinkHours} where link_id = any(${linkIds}::uuid[])`);
    await tx.execute(sql`delete from ${clickLinkDays} where link_id = any(${linkIds}::uuid[])`);
    await tx.execute(sql`delete from ${clickVisitors} where scope = any(${linkIds}::uuid[]) or scope = ${workspaceId}`);
    await tx.execute(sql`delete from ${clickWorkspaceHours} where workspace_id = ${workspaceId}`);
    await tx.execute(sql`delete from ${clickWorkspaceDays} where workspace_id = ${workspaceId}`);
    await tx.execute(sql`delete from ${clicks} where workspace_id = ${workspaceId}`);
  });
}
