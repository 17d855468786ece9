import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../core/db';
import { getDomainByHost } from '../domains';
import { links } from './schema';
import type { LinkRow } from './view';

// prepared: unprepared, postgres.js describes the statement and rebuilds its ~35 column parsers on every call (~0.4 ms of CPU)
const linkById = preparedQuery('link_by_id', (db, name) =>
  db
    .select()
    .from(links)
    .where(and(eq(links.id, sql.placeholder('id')), eq(links.workspaceId, sql.placeholder('workspaceId'))))
    .prepare(name),
);
const linkByShortUrl = preparedQuery('link_by_short_url', (db, name) =>
  db
    .select()
    .from(links)
    .where(and(eq(links.domain, sql.placeholder('domain')), eq(links.slug, sql.placeholder('slug'))))
    .prepare(name),
);

export async function getLink(db: DbOrTx, workspaceId: string, id: string): Promise<LinkRow | null> {
  const [row] = await linkById(db).execute({ id, workspaceId });
  return row ?? null;
}

/** The link a short URL names, whatever its workspace (the redirect path). */
export async function getLinkByShortUrl(db: DbOrTx, domain: string, slug: string): Promise<LinkRow | null> {
  const [row] = await linkByShortUrl(db).execute({ domain, slug });
  return row ?? null;
}

export async function getLinksByIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<LinkRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(links)
    .where(and(eq(links.workspaceId, workspaceId), inArray(links.id, ids)));
}

/**
 * Links in id order after `afterId` (keyset pages): of one workspace (exports), or those with
 * `monitoring` on in every workspace (the broken-link monitor). The callers walk the pages.
 */
export async function linksAfter(
  db: DbOrTx,
  filter: { workspaceId: string } | { monitored: true },
  opts: { afterId?: string; limit: number },
): Promise<LinkRow[]> {
  const where: SQL[] = ['workspaceId' in filter ? eq(links.workspaceId, filter.workspaceId) : eq(links.monitoring, true)];
  if (opts.afterId) where.push(gt(links.id, opts.afterId));
  return db
    .select()
    .from(links)
    .where(and(...where))
    .orderBy(asc(links.id))
    .limit(opts.limit);
}

export async function countDomainLinks(db: DbOrTx, workspaceId: string, domain: string): Promise<number> {
  return db.$count(links, and(eq(links.workspaceId, workspaceId), eq(links.domain, domain)));
}

export async function countLinks(db: DbOrTx, workspaceId: string): Promise<number> {
  return db.$count(links, eq(links.workspaceId, workspaceId));
}

/** Links and their total clicks per workspace (client workspace listing), one grouped query. */
export async function linkTotalsByWorkspace(db: DbOrTx, workspaceIds: string[]): Promise<Map<string, { links: number; clicks: number }>> {
  if (!workspaceIds.length) return new Map();
  const rows = await db
    .select({ workspaceId: links.workspaceId, links: sql<number>`count(*)::int`, clicks: sql<number>`coalesce(sum(${links.clickCount}), 0)::bigint` })
    .from(links)
    .where(inArray(links.workspaceId, workspaceIds))
    .groupBy(links.workspaceId);
  return new Map(rows.map((r) => [r.workspaceId, { links: Number(r.links), clicks: Number(r.clicks) }]));
}

/**
 * Links on a domain that is neither the default domain nor a custom domain: they no longer resolve,
 * which happens when `PORT` or `SITE_URL` changes the default domain. One grouped scan, at start.
 */
export async function orphanedLinkDomains(db: DbOrTx, defaultDomain: string): Promise<{ domain: string; links: number }[]> {
  const rows = await db.select({ domain: links.domain, links: sql<number>`count(*)::int` }).from(links).groupBy(links.domain);
  const orphaned = [];
  for (const row of rows) if (row.domain !== defaultDomain && !(await getDomainByHost(db, row.domain))) orphaned.push(row);
  return orphaned;
}
