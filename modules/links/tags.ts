import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { badRequest } from '../../core/errors';
import { LIMITS } from '../../core/plans';
import { recordAudit } from '../audit';
import { checkTags } from './checks';
import { links } from './schema';
import { linkCacheKey } from './short-url';
import type { LinkContext } from './validate';

/**
 * Bulk tagging: adds and removes tags on up to 100 links of the workspace in one transaction
 * (unknown IDs are ignored). A link that would pass the per-link tag limit fails the whole call.
 * Returns how many of the IDs are links of the workspace.
 */
export async function retagLinks(deps: Deps, ctx: LinkContext, ids: string[], change: { add?: string[]; remove?: string[] }): Promise<number> {
  if (!ids.length || ids.length > LIMITS.bulkItems) throw badRequest(`ids must hold 1 to ${LIMITS.bulkItems} link IDs`, { field: 'ids' });
  const add = checkTags(change.add ?? [], 'add_tags');
  const remove = new Set(checkTags(change.remove ?? [], 'remove_tags'));
  if (!add.length && !remove.size) throw badRequest('No updates provided: give add_tags or remove_tags');
  const { found, changed } = await deps.db.transaction(async (tx) => {
    // locked in id order, like click batches, so concurrent bulk writes queue instead of deadlocking
    const rows = await tx
      .select({ id: links.id, domain: links.domain, slug: links.slug, tags: links.tags })
      .from(links)
      .where(and(eq(links.workspaceId, ctx.workspaceId), inArray(links.id, ids)))
      .orderBy(links.id)
      .for('update');
    const changed: typeof rows = [];
    for (const row of rows) {
      const before = row.tags ?? [];
      const tags = [...new Set([...before.filter((tag) => !remove.has(tag)), ...add])];
      if (tags.length === before.length && tags.every((tag, i) => tag === before[i])) continue;
      if (tags.length > LIMITS.tagsPerLink)
        throw badRequest(`Too many tags: ${row.domain}/${row.slug} would have ${tags.length} (a link has at most ${LIMITS.tagsPerLink})`, {
          field: 'add_tags',
          code: 'too_long',
        });
      await tx.update(links).set({ tags, updatedAt: new Date() }).where(eq(links.id, row.id));
      await recordAudit({
        db: tx,
        workspaceId: ctx.workspaceId,
        userId: ctx.userId,
        action: 'link.update',
        details: { id: row.id, domain: row.domain, slug: row.slug, changes: { tags } },
      });
      changed.push({ ...row, tags });
    }
    return { found: rows.length, changed };
  });
  if (changed.length) await deps.cache.invalidate(...changed.map((r) => linkCacheKey(r.domain, r.slug)));
  for (const row of changed)
    void deps.bus.emit('link.updated', { workspaceId: ctx.workspaceId, userId: ctx.userId, data: { id: row.id, changes: { tags: row.tags } } });
  return found;
}

/** Tags assigned to at least one link of the workspace, sorted, each with the number of links carrying it. */
export async function tagUsage(db: DbOrTx, workspaceId: string): Promise<{ tag: string; links: number }[]> {
  // the query builder, not db.execute: PGlite and postgres.js shape raw results differently;
  // a link holds each tag once (checkTags), so counting rows counts links
  const tag = sql<string>`unnest(${links.tags})`;
  const rows = await db.select({ tag, links: sql<number>`count(*)::int` }).from(links).where(eq(links.workspaceId, workspaceId)).groupBy(sql`1`);
  return rows.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}

/** Tags assigned to at least one link of the workspace, sorted. */
export async function tagsInUse(db: DbOrTx, workspaceId: string): Promise<string[]> {
  return (await tagUsage(db, workspaceId)).map((r) => r.tag);
}

/**
 * Untags every link of the workspace carrying `tag`, inside the caller's transaction. Returns the
 * changed links with their new tags: after commit the caller invalidates their cache keys
 * (`linkCacheKey`) and announces `link.updated`.
 */
export async function removeTagFromLinks(
  db: DbOrTx,
  workspaceId: string,
  tag: string,
): Promise<{ id: string; domain: string; slug: string; tags: string[] | null }[]> {
  return db
    .update(links)
    .set({ tags: sql`array_remove(${links.tags}, ${tag})`, updatedAt: new Date() })
    .where(and(eq(links.workspaceId, workspaceId), sql`${links.tags} @> array[${tag}]::text[]`))
    .returning({ id: links.id, domain: links.domain, slug: links.slug, tags: links.tags });
}
