import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import { getLinksByIds } from '../links';
import { clicks } from './schema';

/**
 * Where the previous page ended: the last row's `cursor` and id (ties on `clicked_at` are ordered
 * by id). The time is Postgres' own text: a JS Date would drop the microseconds and skip rows.
 */
export interface ClickCursor {
  clickedAt: string;
  id: string;
}

/**
 * One page of a workspace's clicks, newest first, strictly after `before` (keyset on the workspace/time
 * index), with each link's domain and slug (a click row does not repeat them; '' for a link deleted
 * while its clicks await removal).
 */
export async function clicksBefore(db: DbOrTx, workspaceId: string, opts: { before?: ClickCursor; limit: number }) {
  const where: SQL[] = [eq(clicks.workspaceId, workspaceId)];
  if (opts.before) where.push(sql`(${clicks.clickedAt}, ${clicks.id}) < (${opts.before.clickedAt}::timestamptz, ${opts.before.id}::uuid)`);
  const rows = await db
    .select({
      id: clicks.id,
      linkId: clicks.linkId,
      clickedAt: clicks.clickedAt,
      cursor: sql<string>`${clicks.clickedAt}::text`,
      country: clicks.country,
      referer: clicks.referer,
      browser: clicks.browser,
      os: clicks.os,
      device: clicks.device,
    })
    .from(clicks)
    .where(and(...where))
    .orderBy(desc(clicks.clickedAt), desc(clicks.id))
    .limit(opts.limit);
  const links = new Map((await getLinksByIds(db, workspaceId, [...new Set(rows.map((r) => r.linkId))])).map((l) => [l.id, l]));
  return rows.map((r) => ({ ...r, domain: links.get(r.linkId)?.domain ?? '', slug: links.get(r.linkId)?.slug ?? '' }));
}
