import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../core/deps';
import type { DbOrTx } from '../../core/db';
import { badRequest, invalid, tooLong } from '../../core/errors';
import { assertWithinPlanLimit, lockPlanLimit } from '../../core/plan-limits';
import { LIMITS, type Plan } from '../../core/plans';
import { recordAudit } from '../audit';
import { linkCacheKey, removeTagFromLinks, TAG_PATTERN, tagUsage } from '../links';
import type { PutTag } from './model';
import { tags } from './schema';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function checkTagName(name: string): string {
  if (!TAG_PATTERN.test(name)) {
    throw badRequest(`Invalid tag name: use 1 to ${LIMITS.tagLength} of a-z, 0-9, hyphen and underscore`, { field: 'name' });
  }
  return name;
}

/** A real calendar day as `YYYY-MM-DD` (2026-02-30 is refused). */
function checkDay(field: string, value: string): string {
  const m = DAY.exec(value);
  const date = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : null;
  if (!date || date.toISOString().slice(0, 10) !== value) throw invalid(field, 'expected a date YYYY-MM-DD');
  return value;
}

/** Tags on at least one link, sorted, with their metadata (defaults when none was set) and how many links carry them. */
export async function listTags(db: DbOrTx, workspaceId: string) {
  const usage = await tagUsage(db, workspaceId);
  if (!usage.length) return [];
  const rows = await db
    .select()
    .from(tags)
    .where(
      and(
        eq(tags.workspaceId, workspaceId),
        inArray(
          tags.name,
          usage.map((u) => u.tag),
        ),
      ),
    );
  const meta = new Map(rows.map((r) => [r.name, r]));
  return usage.map(({ tag: name, links }) => {
    const m = meta.get(name);
    return {
      name,
      color: m?.color ?? '',
      description: m?.description ?? '',
      date_from: m?.dateFrom ?? null,
      date_to: m?.dateTo ?? null,
      link_count: links,
    };
  });
}

/**
 * Sets a tag's metadata: only the fields given change (null resets one to its default). The tag
 * need not be on a link yet. A new metadata entry counts towards the plan's tag limit (402).
 */
export async function putTag(deps: Deps, ws: { id: string; plan: Plan }, name: string, body: PutTag): Promise<void> {
  checkTagName(name);
  const set: Partial<typeof tags.$inferInsert> = {};
  if (body.color !== undefined) {
    if (body.color !== null && body.color !== '' && !HEX_COLOR.test(body.color))
      throw invalid('color', 'expected a hex colour (#rgb or #rrggbb) or an empty string');
    set.color = body.color?.toLowerCase() ?? '';
  }
  if (body.description !== undefined) {
    if (body.description !== null && body.description.length > LIMITS.tagDescription) throw tooLong('description', LIMITS.tagDescription);
    set.description = body.description ?? '';
  }
  if (body.date_from !== undefined) set.dateFrom = body.date_from === null ? null : checkDay('date_from', body.date_from);
  if (body.date_to !== undefined) set.dateTo = body.date_to === null ? null : checkDay('date_to', body.date_to);

  await deps.db.transaction(async (tx) => {
    // locked before the read: the same new tag written twice at once must not be inserted twice
    await lockPlanLimit(tx, 'tags', ws.id);
    const [current] = await tx
      .select()
      .from(tags)
      .where(and(eq(tags.workspaceId, ws.id), eq(tags.name, name)));
    const from = set.dateFrom !== undefined ? set.dateFrom : (current?.dateFrom ?? null);
    const to = set.dateTo !== undefined ? set.dateTo : (current?.dateTo ?? null);
    if (from && to && from > to) throw invalid('dates', 'date_from must not be after date_to');
    if (current) {
      await tx
        .update(tags)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(tags.workspaceId, ws.id), eq(tags.name, name)));
      return;
    }
    assertWithinPlanLimit('tags', ws.plan, await tx.$count(tags, eq(tags.workspaceId, ws.id)));
    await tx.insert(tags).values({ ...set, workspaceId: ws.id, name });
  });
}

/**
 * Deletes a tag: its metadata, and (as the reference pages of the interface say; its
 * machine-readable description differs) the tag itself from every link of the workspace, in one transaction. Each changed
 * link is audited and announced as `link.updated` like any tag change. Deleting an unknown tag is a no-op.
 */
export async function deleteTag(deps: Deps, ws: { id: string }, userId: string, name: string): Promise<void> {
  checkTagName(name);
  const changed = await deps.db.transaction(async (tx) => {
    await tx.delete(tags).where(and(eq(tags.workspaceId, ws.id), eq(tags.name, name)));
    const rows = await removeTagFromLinks(tx, ws.id, name);
    for (const row of rows) {
      await recordAudit({
        db: tx,
        workspaceId: ws.id,
        userId,
        action: 'link.update',
        details: { id: row.id, domain: row.domain, slug: row.slug, changes: { tags: row.tags }, reason: `tag ${name} deleted` },
      });
    }
    return rows;
  });
  if (!changed.length) return;
  await deps.cache.invalidate(...changed.map((r) => linkCacheKey(r.domain, r.slug)));
  for (const row of changed) void deps.bus.emit('link.updated', { workspaceId: ws.id, userId, data: { id: row.id, changes: { tags: row.tags } } });
}
