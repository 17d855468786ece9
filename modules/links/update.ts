import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { badRequest, isUniqueViolation, notFound, taken } from '../../core/errors';
import { recordAudit } from '../audit';
import { checkSlug } from './checks';
import { getLink } from './queries';
import type { LinkPatch } from './model';
import { links } from './schema';
import { linkCacheKey } from './short-url';
import { generateSlug, SLUG_ATTEMPTS, slugsExhausted } from './slugs';
import { checkLinkFields, customSlugRefused, resolveDomain, resolvedDomainOf, type LinkContext, type LinkValues } from './validate';
import { linkView, type LinkView } from './view';

/** What `link.updated` carries: the stored values of the fields the PATCH changed, the password only as `has_password`. */
function describeChanges(view: LinkView, fields: string[]) {
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    const key = field === 'password' ? 'has_password' : field;
    changes[key] = view[key as keyof LinkView];
  }
  return changes;
}

/** PATCH: only the fields present change; `null` clears. The cache is invalidated before this returns. */
export async function updateLink(deps: Deps, ctx: LinkContext, id: string, patch: LinkPatch): Promise<void> {
  const fields = Object.keys(patch).filter((k) => patch[k as keyof LinkPatch] !== undefined && k !== 'template_id');
  if (!fields.length) throw badRequest('No updates provided');
  const current = await getLink(deps.db, ctx.workspaceId, id);
  if (!current) throw notFound('Link');

  const values: LinkValues = await checkLinkFields(deps, deps.db, ctx, patch, 'patch');
  const target = patch.domain !== undefined ? await resolveDomain(deps, deps.db, ctx.workspaceId, patch.domain) : resolvedDomainOf(deps.config, current.domain);
  const customSlug = patch.slug != null && patch.slug !== '';
  if (customSlug) {
    const slug = checkSlug(patch.slug);
    const unchanged = slug === current.slug && target.domain === current.domain;
    if (target.generatesSlugs && !unchanged) throw customSlugRefused();
    values.slug = slug;
  } else if (patch.slug !== undefined || (target.domain !== current.domain && target.generatesSlugs)) {
    // moving to the default domain (or clearing the slug) gets a generated slug, unless slugs are chosen there too
    values.slug = generateSlug();
  }
  if (target.domain !== current.domain) values.domain = target.domain;
  if (values.expiresAt !== undefined) values.expiredEventSentAt = null;
  values.updatedAt = new Date();
  // a generated slug or a domain move changes the short URL even where the PATCH did not name them
  const changed = [
    ...new Set([...fields, ...(values.slug !== undefined && values.slug !== current.slug ? ['slug'] : []), ...(values.domain ? ['domain'] : [])]),
  ];

  let changes: Record<string, unknown> | undefined;
  for (let attempt = 1; !changes; attempt++) {
    try {
      changes = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(links)
          .set(values)
          .where(and(eq(links.id, id), eq(links.workspaceId, ctx.workspaceId)))
          .returning();
        if (!row) throw notFound('Link');
        const stored = describeChanges(linkView(row, deps.config), changed);
        await recordAudit({
          db: tx,
          workspaceId: ctx.workspaceId,
          userId: ctx.userId,
          action: 'link.update',
          details: { id, domain: row.domain, slug: row.slug, changes: stored },
        });
        return stored;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (customSlug) throw taken('slug', `Slug "${values.slug}" already exists on ${values.domain ?? current.domain}`);
      // only a generated slug collides here: draw another
      if (attempt >= SLUG_ATTEMPTS) throw slugsExhausted();
      values.slug = generateSlug();
    }
  }
  await deps.cache.invalidate(linkCacheKey(current.domain, current.slug), linkCacheKey(values.domain ?? current.domain, values.slug ?? current.slug));
  void deps.bus.emit('link.updated', { workspaceId: ctx.workspaceId, userId: ctx.userId, data: { id, changes } });
}

/** True for exactly one caller per link: the visit that fires `link.expired`. */
export async function claimExpiredEvent(db: DbOrTx, linkId: string): Promise<boolean> {
  const rows = await db
    .update(links)
    .set({ expiredEventSentAt: new Date() })
    .where(and(eq(links.id, linkId), sql`${links.expiredEventSentAt} is null`))
    .returning({ id: links.id });
  return rows.length > 0;
}
