import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { badRequest, notFound } from '../../core/errors';
import { LIMITS } from '../../core/plans';
import { recordAudit } from '../audit';
import { links } from './schema';
import { linkCacheKey } from './short-url';
import type { LinkContext } from './validate';

function announceDeleted(deps: Deps, ctx: LinkContext, rows: { id: string; domain: string; slug: string }[]) {
  for (const row of rows) {
    void deps.bus.emit('link.deleted', { workspaceId: ctx.workspaceId, userId: ctx.userId, data: { id: row.id, domain: row.domain, slug: row.slug } });
  }
}

const deletedColumns = { id: links.id, domain: links.domain, slug: links.slug };

export async function deleteLink(deps: Deps, ctx: LinkContext, id: string): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(links)
      .where(and(eq(links.id, id), eq(links.workspaceId, ctx.workspaceId)))
      .returning(deletedColumns);
    if (!row) throw notFound('Link');
    await recordAudit({ db: tx, workspaceId: ctx.workspaceId, userId: ctx.userId, action: 'link.delete', details: row });
    return row;
  });
  await deps.cache.invalidate(linkCacheKey(row.domain, row.slug));
  announceDeleted(deps, ctx, [row]);
}

/** Bulk delete: unknown IDs (or other workspaces' links) are ignored; returns how many were removed. */
export async function deleteLinks(deps: Deps, ctx: LinkContext, ids: string[]): Promise<number> {
  if (!ids.length || ids.length > LIMITS.bulkItems) throw badRequest(`ids must hold 1 to ${LIMITS.bulkItems} link IDs`, { field: 'ids' });
  const rows = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(links)
      .where(and(eq(links.workspaceId, ctx.workspaceId), inArray(links.id, ids)))
      .returning(deletedColumns);
    await recordAudit({
      db: tx,
      workspaceId: ctx.workspaceId,
      userId: ctx.userId,
      action: 'link.bulk_delete',
      details: { ids: rows.map((r) => r.id), count: rows.length },
    });
    return rows;
  });
  if (rows.length) await deps.cache.invalidate(...rows.map((r) => linkCacheKey(r.domain, r.slug)));
  announceDeleted(deps, ctx, rows);
  return rows.length;
}

/** Deletes every link of a domain inside the caller's transaction (domain removal); returns their cache keys. */
export async function deleteDomainLinks(db: DbOrTx, workspaceId: string, domain: string): Promise<string[]> {
  const rows = await db
    .delete(links)
    .where(and(eq(links.workspaceId, workspaceId), eq(links.domain, domain)))
    .returning(deletedColumns);
  return rows.map((r) => linkCacheKey(r.domain, r.slug));
}
