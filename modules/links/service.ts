import { and, asc, desc, eq, gt, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Static } from '@sinclair/typebox';
import { customAlphabet } from 'nanoid';
import type { Config } from '../../core/config';
import { preparedQuery, rowsOf, type Db, type DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { ApiError, badRequest, conflict, isUniqueViolation, notFound } from '../../core/errors';
import { iso, newId } from '../../core/format';
import type { LinkBeforeCreate } from '../../core/hooks';
import { RESERVED_SEGMENTS, shortUrl } from '../../core/hosts';
import { LIMITS, RATE_LIMITS, type Plan } from '../../core/plans';
import { recordAudit } from '../audit';
import { getDomainByHost } from '../domains';
import { getWorkspaceRow } from '../workspaces';
import { links } from './schema';
import type { Link, LinkSort } from './model';
import { checkLinkFields, checkSlug, checkTags, parseExpiresAt, prepareNewLink, resolveDomain, type LinkContext, type LinkValues, type NewLinkValues } from './validate';

export type LinkRow = typeof links.$inferSelect;
export type { LinkContext } from './validate';
export { validateLinkInput } from './validate';

/** Cache key of a link by its short URL (the redirect path looks links up by it). */
export const linkCacheKey = (domain: string, slug: string) => `link:${domain}/${slug}`;

/** The source of generated slugs: 7 of 62 characters (3.5 × 10¹² slugs). Tests replace `next` to force collisions. */
export const slugSource = { next: customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 7) };
/** a generated slug is drawn again this many times when it is taken, then the write answers 503 */
const SLUG_ATTEMPTS = 6;
const slugsExhausted = () => new ApiError(503, 'Could not allocate a slug, please retry');

/** A random slug that is never a reserved first path segment of the site. */
export function generateSlug(): string {
  for (;;) {
    const slug = slugSource.next();
    if (!RESERVED_SEGMENTS.has(slug.toLowerCase())) return slug;
  }
}

type SmartFields = Static<typeof Link>;

/** The spec's Link JSON. */
export function linkView(row: LinkRow, config: Config) {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    domain: row.domain,
    slug: row.slug,
    target: row.target,
    title: row.title,
    tags: row.tags,
    note: row.note,
    utm_params: row.utmParams,
    expires_at: iso(row.expiresAt),
    fallback_url: row.fallbackUrl,
    // the smart-routing fields are stored as their modules' checks returned them
    routing_rules: row.routingRules as SmartFields['routing_rules'],
    rules: row.rules as SmartFields['rules'],
    ab_variants: row.abVariants as SmartFields['ab_variants'],
    og_title: row.ogTitle,
    og_description: row.ogDescription,
    og_image: row.ogImage,
    has_password: row.passwordHash !== null,
    redirect_type: row.redirectType,
    interstitial: row.interstitial as SmartFields['interstitial'],
    sequence: row.sequence as SmartFields['sequence'],
    deep_link: row.deepLink as SmartFields['deep_link'],
    monitoring: row.monitoring,
    created_by: row.createdBy,
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
    click_count: Number(row.clickCount),
    short_url: shortUrl(config, row.domain, row.slug),
  };
}
export type LinkView = ReturnType<typeof linkView>;

/**
 * The write context of a workspace: its plan gates fields, its default UTM parameters fill new
 * links (read here unless the caller has them: the API's access check does).
 */
export async function linkContext(db: DbOrTx, workspace: { id: string; plan: Plan; defaultUtmParams?: Record<string, string> | null }, userId: string): Promise<LinkContext> {
  const defaultUtmParams = workspace.defaultUtmParams !== undefined ? workspace.defaultUtmParams : ((await getWorkspaceRow(db, workspace.id))?.defaultUtmParams ?? null);
  return { workspaceId: workspace.id, plan: workspace.plan, userId, defaultUtmParams };
}

/** Insert one link; a generated slug is retried on collision, a custom one answers 409. */
async function insertLink(db: DbOrTx, ctx: LinkContext, values: NewLinkValues): Promise<LinkRow> {
  for (let attempt = 1; ; attempt++) {
    const slug = values.slug ?? generateSlug();
    const [row] = await db
      .insert(links)
      .values({ ...values, slug, id: newId(), workspaceId: ctx.workspaceId, createdBy: ctx.userId })
      .onConflictDoNothing({ target: [links.domain, links.slug] })
      .returning();
    if (row) return row;
    if (values.slug !== undefined) throw conflict(`Slug "${slug}" already exists on ${values.domain}`);
    if (attempt >= SLUG_ATTEMPTS) throw slugsExhausted();
  }
}

function announceCreated(deps: Deps, ctx: LinkContext, rows: LinkRow[]) {
  for (const row of rows) {
    void deps.bus.emit('link.created', {
      workspaceId: ctx.workspaceId,
      userId: ctx.userId,
      data: { id: row.id, domain: row.domain, slug: row.slug, target: row.target, title: row.title, short_url: shortUrl(deps.config, row.domain, row.slug) },
    });
  }
}

/**
 * New links with a custom slug drop a briefly cached "not found" for their short URL in every
 * process (someone may have tried the URL before it existed). A generated slug is new: nobody can
 * have visited it, so its create skips that Redis round trip and the other processes' answers.
 */
async function dropNotFound(deps: Deps, created: { row: LinkRow; custom: boolean }[]) {
  const keys = created.filter((c) => c.custom).map(({ row }) => linkCacheKey(row.domain, row.slug));
  if (keys.length) await deps.cache.invalidate(...keys);
}

const auditCreate = (deps: Deps, db: DbOrTx, ctx: LinkContext, row: LinkRow) =>
  recordAudit({ db, workspaceId: ctx.workspaceId, userId: ctx.userId, action: 'link.create', details: { id: row.id, domain: row.domain, slug: row.slug, target: row.target } });

/** `link.beforeCreate`: governance and templates fill defaults or reject, before any validation. */
async function beforeCreate(deps: Deps, ctx: LinkContext, input: Record<string, unknown>, source: LinkBeforeCreate['source']) {
  const link = { ...input };
  await deps.bus.run('link.beforeCreate', { workspaceId: ctx.workspaceId, plan: ctx.plan, userId: ctx.userId, source, link });
  return link;
}

/**
 * One link (API create, MCP). The create rate limit counts links created: a request refused for
 * any other reason takes no point, so 50 racing creates of one slug answer one 201 and 49 409s
 * (the unique index decides before the point is taken, inside the transaction).
 */
export async function createLink(deps: Deps, ctx: LinkContext, input: Record<string, unknown>, source: LinkBeforeCreate['source'] = 'single'): Promise<LinkRow> {
  await deps.limiter.check('linkCreate', ctx.workspaceId, RATE_LIMITS.linkCreate);
  const link = await beforeCreate(deps, ctx, input, source);
  const values = await prepareNewLink(deps, deps.db, ctx, link);
  const row = await deps.db.transaction(async (tx) => {
    const row = await insertLink(tx, ctx, values);
    await auditCreate(deps, tx, ctx, row);
    await deps.limiter.consume('linkCreate', ctx.workspaceId, RATE_LIMITS.linkCreate);
    return row;
  });
  await dropNotFound(deps, [{ row, custom: values.slug !== undefined }]);
  announceCreated(deps, ctx, [row]);
  return row;
}

export interface ItemError { index: number; status: number; reason: string }

/**
 * Several links in one transaction (bulk, import). An item failing validation (400) or whose
 * custom slug is taken (409) is left out and reported in `errors`; hook rejections (governance)
 * and plan errors (402) reject the whole call, unless `hookRejectionsPerItem` (import: a 400 from
 * `link.beforeCreate` becomes that row's reason).
 */
export async function createLinks(
  deps: Deps,
  ctx: LinkContext,
  inputs: Record<string, unknown>[],
  source: LinkBeforeCreate['source'] = 'bulk',
  opts: { hookRejectionsPerItem?: boolean } = {},
): Promise<{ created: LinkRow[]; errors: ItemError[] }> {
  const errors: ItemError[] = [];
  const prepared: { index: number; values: NewLinkValues }[] = [];
  for (const [index, input] of inputs.entries()) {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      errors.push({ index, status: 400, reason: 'expected a link object' });
      continue;
    }
    let link: Record<string, unknown> | undefined;
    try {
      link = await beforeCreate(deps, ctx, input, source);
      prepared.push({ index, values: await prepareNewLink(deps, deps.db, ctx, link) });
    } catch (error) {
      const rejectedByHook = link === undefined;
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      // the whole request fails: say which item (0-based, as in the request's `links` array)
      if (rejectedByHook && !opts.hookRejectionsPerItem) throw new ApiError(400, `${error.message} (links[${index}])`);
      errors.push({ index, status: 400, reason: error.message });
    }
  }
  const inserted = await deps.db.transaction(async (tx) => {
    const rows: { row: LinkRow; custom: boolean }[] = [];
    for (const { index, values } of prepared) {
      try {
        const row = await insertLink(tx, ctx, values);
        await auditCreate(deps, tx, ctx, row);
        rows.push({ row, custom: values.slug !== undefined });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        errors.push({ index, status: 409, reason: error.message });
      }
    }
    return rows;
  });
  await dropNotFound(deps, inserted);
  const created = inserted.map((r) => r.row);
  announceCreated(deps, ctx, created);
  errors.sort((a, b) => a.index - b.index);
  return { created, errors };
}

// prepared: unprepared, postgres.js describes the statement and rebuilds its ~35 column parsers on every call (~0.4 ms of CPU)
const linkById = preparedQuery('link_by_id', (db, name) =>
  db.select().from(links).where(and(eq(links.id, sql.placeholder('id')), eq(links.workspaceId, sql.placeholder('workspaceId')))).prepare(name),
);
const linkByShortUrl = preparedQuery('link_by_short_url', (db, name) =>
  db.select().from(links).where(and(eq(links.domain, sql.placeholder('domain')), eq(links.slug, sql.placeholder('slug')))).prepare(name),
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

export async function getPasswordHash(db: DbOrTx, linkId: string): Promise<string | null> {
  const [row] = await db.select({ hash: links.passwordHash }).from(links).where(eq(links.id, linkId));
  return row?.hash ?? null;
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

export interface ListQuery {
  page?: number;
  limit?: number;
  domain?: string;
  prefix?: string;
  tag?: string;
  q?: string;
  from?: string;
  to?: string;
  sort?: LinkSort;
  order?: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  created_at: links.createdAt,
  updated_at: links.updatedAt,
  click_count: links.clickCount,
  slug: links.slug,
  title: links.title,
  target: links.target,
} satisfies Record<LinkSort, unknown>;

/** `from`/`to` of the list: a timestamp as given; a bare date covers that whole UTC day. */
function createdBound(name: 'from' | 'to', value: string | undefined): Date | undefined {
  if (value === undefined || value === '') return undefined;
  let date: Date;
  try {
    date = parseExpiresAt(value);
  } catch {
    throw badRequest(`Invalid query parameter ${name}: expected an ISO 8601 date or timestamp`);
  }
  if (name === 'to' && /^\d{4}-\d{2}-\d{2}$/.test(value)) date = new Date(date.getTime() + 86_400_000 - 1);
  return date;
}

/** `text` inside `column`, ignoring case (no LIKE: the search text's % and _ are plain characters). */
const contains = (column: AnyColumn, text: string) => sql`strpos(lower(${column}), ${text}) > 0`;

export async function listLinks(db: Db, config: Config, workspaceId: string, q: ListQuery) {
  const page = q.page ?? 1;
  const limit = Math.min(q.limit ?? 20, LIMITS.linkPageMax);
  const where: SQL[] = [eq(links.workspaceId, workspaceId)];
  const domain = q.domain?.trim().toLowerCase() || (q.prefix ? config.defaultDomain : undefined);
  if (domain) where.push(eq(links.domain, domain));
  if (q.prefix) where.push(sql`starts_with(${links.slug}, ${q.prefix})`);
  if (q.tag) where.push(sql`${links.tags} @> array[${q.tag}]::text[]`);
  const search = q.q?.trim().toLowerCase();
  if (search) where.push(or(contains(links.slug, search), contains(links.target, search), contains(links.title, search))!);
  const from = createdBound('from', q.from);
  const to = createdBound('to', q.to);
  if (from) where.push(gte(links.createdAt, from));
  if (to) where.push(lte(links.createdAt, to));
  const condition = and(...where);
  const direction = q.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[q.sort ?? 'created_at'];
  // links without a title come last in either direction
  const order = q.sort === 'title' ? [sql`${column} is null`, direction(column)] : [direction(column)];
  // the page and the total in one statement; only a page past the end needs its own count
  const rows = await db
    .select({ link: links, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(links)
    .where(condition)
    .orderBy(...order, direction(links.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const total = rows[0]?.total ?? (page > 1 ? await db.$count(links, condition) : 0);
  return { links: rows.map((r) => linkView(r.link, config)), total, page, limit };
}

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
export async function updateLink(deps: Deps, ctx: LinkContext, id: string, patch: Record<string, unknown>): Promise<void> {
  const fields = Object.keys(patch).filter((k) => patch[k] !== undefined && k !== 'template_id');
  if (!fields.length) throw badRequest('No updates provided');
  const current = await getLink(deps.db, ctx.workspaceId, id);
  if (!current) throw notFound('Link');

  const values: LinkValues = await checkLinkFields(deps, deps.db, ctx, patch, 'patch');
  const target = patch.domain !== undefined ? await resolveDomain(deps, deps.db, ctx.workspaceId, patch.domain) : { domain: current.domain, isDefault: current.domain === deps.config.defaultDomain };
  const customSlug = patch.slug != null && patch.slug !== '';
  if (customSlug) {
    const slug = checkSlug(patch.slug);
    const unchanged = slug === current.slug && target.domain === current.domain;
    if (target.isDefault && !unchanged) throw badRequest('Custom slugs need a custom domain: on the default domain slugs are always generated');
    values.slug = slug;
  } else if (patch.slug !== undefined || (target.domain !== current.domain && target.isDefault)) {
    // moving to the default domain (or clearing the slug) gets a generated slug
    values.slug = generateSlug();
  }
  if (target.domain !== current.domain) values.domain = target.domain;
  if (values.expiresAt !== undefined) values.expiredEventSentAt = null;
  values.updatedAt = new Date();
  // a generated slug or a domain move changes the short URL even where the PATCH did not name them
  const changed = [...new Set([...fields, ...(values.slug !== undefined && values.slug !== current.slug ? ['slug'] : []), ...(values.domain ? ['domain'] : [])])];

  let changes: Record<string, unknown> | undefined;
  for (let attempt = 1; !changes; attempt++) {
    try {
      changes = await deps.db.transaction(async (tx) => {
        const [row] = await tx.update(links).set(values).where(and(eq(links.id, id), eq(links.workspaceId, ctx.workspaceId))).returning();
        if (!row) throw notFound('Link');
        const stored = describeChanges(linkView(row, deps.config), changed);
        await recordAudit({ db: tx, workspaceId: ctx.workspaceId, userId: ctx.userId, action: 'link.update', details: { id, changes: stored } });
        return stored;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (customSlug) throw conflict(`Slug "${values.slug}" already exists on ${values.domain ?? current.domain}`);
      // only a generated slug collides here: draw another
      if (attempt >= SLUG_ATTEMPTS) throw slugsExhausted();
      values.slug = generateSlug();
    }
  }
  await deps.cache.invalidate(linkCacheKey(current.domain, current.slug), linkCacheKey(values.domain ?? current.domain, values.slug ?? current.slug));
  void deps.bus.emit('link.updated', { workspaceId: ctx.workspaceId, userId: ctx.userId, data: { id, changes } });
}

function announceDeleted(deps: Deps, ctx: LinkContext, rows: { id: string; domain: string; slug: string }[]) {
  for (const row of rows) {
    void deps.bus.emit('link.deleted', { workspaceId: ctx.workspaceId, userId: ctx.userId, data: { id: row.id, domain: row.domain, slug: row.slug } });
  }
}

const deletedColumns = { id: links.id, domain: links.domain, slug: links.slug };

export async function deleteLink(deps: Deps, ctx: LinkContext, id: string): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(links).where(and(eq(links.id, id), eq(links.workspaceId, ctx.workspaceId))).returning(deletedColumns);
    if (!row) throw notFound('Link');
    await recordAudit({ db: tx, workspaceId: ctx.workspaceId, userId: ctx.userId, action: 'link.delete', details: row });
    return row;
  });
  await deps.cache.invalidate(linkCacheKey(row.domain, row.slug));
  announceDeleted(deps, ctx, [row]);
}

/** Bulk delete: unknown IDs (or other workspaces' links) are ignored; returns how many were removed. */
export async function deleteLinks(deps: Deps, ctx: LinkContext, ids: string[]): Promise<number> {
  if (!ids.length || ids.length > LIMITS.bulkItems) throw badRequest(`ids must hold 1 to ${LIMITS.bulkItems} link IDs`);
  const rows = await deps.db.transaction(async (tx) => {
    const rows = await tx.delete(links).where(and(eq(links.workspaceId, ctx.workspaceId), inArray(links.id, ids))).returning(deletedColumns);
    await recordAudit({ db: tx, workspaceId: ctx.workspaceId, userId: ctx.userId, action: 'link.bulk_delete', details: { ids: rows.map((r) => r.id), count: rows.length } });
    return rows;
  });
  if (rows.length) await deps.cache.invalidate(...rows.map((r) => linkCacheKey(r.domain, r.slug)));
  announceDeleted(deps, ctx, rows);
  return rows.length;
}

/**
 * Bulk tagging: adds and removes tags on up to 100 links of the workspace in one transaction
 * (unknown IDs are ignored). A link that would pass the per-link tag limit fails the whole call.
 * Returns how many of the IDs are links of the workspace.
 */
export async function retagLinks(deps: Deps, ctx: LinkContext, ids: string[], change: { add?: string[]; remove?: string[] }): Promise<number> {
  if (!ids.length || ids.length > LIMITS.bulkItems) throw badRequest(`ids must hold 1 to ${LIMITS.bulkItems} link IDs`);
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
      if (tags.length > LIMITS.tagsPerLink) throw badRequest(`Too many tags: ${row.domain}/${row.slug} would have ${tags.length} (a link has at most ${LIMITS.tagsPerLink})`);
      await tx.update(links).set({ tags, updatedAt: new Date() }).where(eq(links.id, row.id));
      await recordAudit({ db: tx, workspaceId: ctx.workspaceId, userId: ctx.userId, action: 'link.update', details: { id: row.id, changes: { tags } } });
      changed.push({ ...row, tags });
    }
    return { found: rows.length, changed };
  });
  if (changed.length) await deps.cache.invalidate(...changed.map((r) => linkCacheKey(r.domain, r.slug)));
  for (const row of changed) void deps.bus.emit('link.updated', { workspaceId: ctx.workspaceId, userId: ctx.userId, data: { id: row.id, changes: { tags: row.tags } } });
  return found;
}

/** Deletes every link of a domain inside the caller's transaction (domain removal); returns their cache keys. */
export async function deleteDomainLinks(db: DbOrTx, workspaceId: string, domain: string): Promise<string[]> {
  const rows = await db.delete(links).where(and(eq(links.workspaceId, workspaceId), eq(links.domain, domain))).returning(deletedColumns);
  return rows.map((r) => linkCacheKey(r.domain, r.slug));
}

export async function countDomainLinks(db: DbOrTx, workspaceId: string, domain: string): Promise<number> {
  return db.$count(links, and(eq(links.workspaceId, workspaceId), eq(links.domain, domain)));
}

export async function countLinks(db: DbOrTx, workspaceId: string): Promise<number> {
  return db.$count(links, eq(links.workspaceId, workspaceId));
}

/** Tags assigned to at least one link of the workspace, sorted. */
export async function tagsInUse(db: DbOrTx, workspaceId: string): Promise<string[]> {
  // the query builder, not db.execute: PGlite and postgres.js shape raw results differently
  const rows = await db.selectDistinct({ tag: sql<string>`unnest(${links.tags})` }).from(links).where(eq(links.workspaceId, workspaceId));
  return rows.map((r) => r.tag).sort();
}

/**
 * Untags every link of the workspace carrying `tag`, inside the caller's transaction. Returns the
 * changed links with their new tags: after commit the caller invalidates their cache keys
 * (`linkCacheKey`) and announces `link.updated`.
 */
export async function removeTagFromLinks(db: DbOrTx, workspaceId: string, tag: string): Promise<{ id: string; domain: string; slug: string; tags: string[] | null }[]> {
  return db
    .update(links)
    .set({ tags: sql`array_remove(${links.tags}, ${tag})`, updatedAt: new Date() })
    .where(and(eq(links.workspaceId, workspaceId), sql`${links.tags} @> array[${tag}]::text[]`))
    .returning({ id: links.id, domain: links.domain, slug: links.slug, tags: links.tags });
}

/** Links with `monitoring` on, by id (keyset pages); the monitor skips workspaces whose plan lacks monitoring. */
export async function listMonitoredLinks(db: DbOrTx, opts: { afterId?: string; limit: number }) {
  const where: SQL[] = [eq(links.monitoring, true)];
  if (opts.afterId) where.push(gt(links.id, opts.afterId));
  return db
    .select({ id: links.id, workspaceId: links.workspaceId, domain: links.domain, slug: links.slug, target: links.target })
    .from(links)
    .where(and(...where))
    .orderBy(asc(links.id))
    .limit(opts.limit);
}

/** A workspace's links in id order after `afterId`: exports walk them page by page (keyset). */
export async function linksAfter(db: DbOrTx, workspaceId: string, opts: { afterId?: string; limit: number }): Promise<LinkRow[]> {
  const where: SQL[] = [eq(links.workspaceId, workspaceId)];
  if (opts.afterId) where.push(gt(links.id, opts.afterId));
  return db.select().from(links).where(and(...where)).orderBy(asc(links.id)).limit(opts.limit);
}

export async function getLinksByIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<LinkRow[]> {
  if (!ids.length) return [];
  return db.select().from(links).where(and(eq(links.workspaceId, workspaceId), inArray(links.id, ids)));
}

/**
 * Adds recorded clicks to the links' totals in one statement (the click worker, inside its
 * transaction, after lockExistingLinks) and answers each link's new total.
 */
export async function addClickCounts(db: DbOrTx, counts: Map<string, number>): Promise<Map<string, number>> {
  if (!counts.size) return new Map();
  const rows = JSON.stringify([...counts].map(([id, n]) => ({ id, n })));
  const updated = await db.execute<{ id: string; click_count: number }>(
    sql`update ${links} set click_count = ${links}.click_count + c.n from jsonb_to_recordset(${rows}::jsonb) as c(id text, n int) where ${links}.id = c.id returning ${links}.id, ${links}.click_count`,
  );
  return new Map(rowsOf<{ id: string; click_count: number | string }>(updated).map((r) => [r.id, Number(r.click_count)]));
}

/**
 * Which of these links still exist, locked for a `click_count` update until the transaction ends.
 * Rows are locked in id order, so click batches sharing links queue up instead of deadlocking.
 */
export async function lockExistingLinks(tx: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx.select({ id: links.id }).from(links).where(inArray(links.id, ids)).orderBy(links.id).for('no key update');
  return new Set(rows.map((r) => r.id));
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
