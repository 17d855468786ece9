import { and, asc, desc, eq, max } from 'drizzle-orm';
import { customAlphabet } from 'nanoid';
import type { Db, DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { ApiError, badRequest, conflict, notFound, required, taken } from '../../core/errors';
import { iso, newId, slugify } from '../../core/format';
import { shortUrl } from '../../core/hosts';
import { withinPlanLimit } from '../../core/plan-limits';
import { LIMITS, type Plan } from '../../core/plans';
import { clicksByLinkSince } from '../clicks';
import { getLinksByIds } from '../links';
import { portfolioLinks, portfolios, type PortfolioConfig, type PortfolioStyle } from './schema';
import { avatarPath, TREND_DAYS } from './shared';

export type PortfolioRow = typeof portfolios.$inferSelect;

export interface ConfigInput {
  show_clicks?: boolean;
  show_trend?: boolean;
  style?: PortfolioStyle;
}
export interface CreateInput {
  name: string;
  slug?: string;
  description?: string | null;
  config?: ConfigInput;
}
export interface PatchInput {
  name?: string;
  description?: string | null;
  config?: ConfigInput;
}

const SLUG_MAX = 50;
const SLUG_FORMAT = /^[a-z0-9_-]+$/;
const suffix = customAlphabet('0123456789abcdefghijklmnopqrstuvwxyz', 6);

const DEFAULT_CONFIG: PortfolioConfig = { show_clicks: true, show_trend: false, style: {} };

/** Server-side cache key of a rendered public page (also caches "no such slug"). */
export const pageCacheKey = (slug: string) => `portfolio-page:${slug}`;

function mergeConfig(base: PortfolioConfig, input: ConfigInput | undefined): PortfolioConfig {
  if (!input) return base;
  return {
    show_clicks: input.show_clicks ?? base.show_clicks,
    show_trend: input.show_trend ?? base.show_trend,
    style: input.style ? { ...input.style } : base.style,
  };
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw required('name');
  return trimmed;
}

export const isPortfolioSlug = (slug: string) => slug.length <= SLUG_MAX && SLUG_FORMAT.test(slug);

function checkSlug(slug: string): string {
  if (slug.length > SLUG_MAX) throw badRequest(`slug must be at most ${SLUG_MAX} characters`, { field: 'slug', code: 'too_long' });
  if (!SLUG_FORMAT.test(slug)) throw badRequest('Invalid slug format: use lowercase letters, digits, hyphens and underscores', { field: 'slug' });
  return slug;
}

/** A slug from the name; a name without letters or digits gives "portfolio". */
const slugFromName = (name: string) => (/[a-z0-9]/i.test(name.normalize('NFKD')) ? slugify(name, SLUG_MAX) : 'portfolio');

/** The absolute address of a portfolio's avatar, or null. */
export const avatarUrl = (siteUrl: string, row: Pick<PortfolioRow, 'slug' | 'avatarVersion'>) =>
  row.avatarVersion ? `${siteUrl}${avatarPath(row.slug, row.avatarVersion)}` : null;

export function portfolioView(row: PortfolioRow, siteUrl: string) {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    config: row.config,
    avatar_url: avatarUrl(siteUrl, row),
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/**
 * Create within the plan's count limit, counted inside the inserting transaction. A requested
 * slug that is taken answers 409; a generated one gets a random suffix.
 */
export async function createPortfolio(deps: Deps, workspace: { id: string; plan: Plan }, userId: string, input: CreateInput): Promise<PortfolioRow> {
  const name = checkName(input.name);
  const requested = input.slug === undefined ? undefined : checkSlug(input.slug);
  const config = mergeConfig(DEFAULT_CONFIG, input.config);
  const row = await deps.db.transaction(async (tx) => {
    await withinPlanLimit(tx, {
      resource: 'portfolios',
      scopeId: workspace.id,
      plan: workspace.plan,
      count: () => tx.$count(portfolios, eq(portfolios.workspaceId, workspace.id)),
    });
    const base = requested ?? slugFromName(name);
    for (let attempt = 0; ; attempt++) {
      const slug = attempt === 0 ? base : `${base.slice(0, SLUG_MAX - 7)}-${suffix()}`;
      const [inserted] = await tx
        .insert(portfolios)
        .values({ id: newId(), workspaceId: workspace.id, name, slug, description: input.description ?? null, config, createdBy: userId })
        .onConflictDoNothing({ target: portfolios.slug })
        .returning();
      if (inserted) return inserted;
      if (requested !== undefined) throw taken('slug', `Portfolio slug "${slug}" already exists`);
      if (attempt >= 5) throw conflict('Could not allocate a portfolio slug, please give one');
    }
  });
  // the public page may have cached "not found" for this slug
  await deps.cache.invalidate(pageCacheKey(row.slug));
  return row;
}

export async function listPortfolios(db: Db, workspaceId: string): Promise<PortfolioRow[]> {
  return db.select().from(portfolios).where(eq(portfolios.workspaceId, workspaceId)).orderBy(desc(portfolios.createdAt), desc(portfolios.id));
}

export async function getPortfolio(db: DbOrTx, workspaceId: string, id: string): Promise<PortfolioRow> {
  const [row] = await db
    .select()
    .from(portfolios)
    .where(and(eq(portfolios.id, id), eq(portfolios.workspaceId, workspaceId)));
  if (!row) throw notFound('Portfolio');
  return row;
}

export async function getPortfolioBySlug(db: DbOrTx, slug: string): Promise<PortfolioRow | null> {
  const [row] = await db.select().from(portfolios).where(eq(portfolios.slug, slug));
  return row ?? null;
}

/** The portfolio's links in `sort_order` (they always belong to the portfolio's workspace). */
export async function portfolioLinkList(db: DbOrTx, portfolio: PortfolioRow) {
  const members = await db
    .select({ linkId: portfolioLinks.linkId, sortOrder: portfolioLinks.sortOrder })
    .from(portfolioLinks)
    .where(eq(portfolioLinks.portfolioId, portfolio.id))
    .orderBy(asc(portfolioLinks.sortOrder), asc(portfolioLinks.addedAt));
  const rows = new Map(
    (
      await getLinksByIds(
        db,
        portfolio.workspaceId,
        members.map((m) => m.linkId),
      )
    ).map((r) => [r.id, r]),
  );
  return members.flatMap(({ linkId, sortOrder }) => {
    const link = rows.get(linkId);
    return link ? [{ link, sortOrder }] : [];
  });
}

/** Where the trend window of the public page starts: `TREND_DAYS` ago. */
export const trendStart = () => new Date(Date.now() - TREND_DAYS * 86_400_000);

export async function portfolioWithLinks(deps: Deps, workspaceId: string, id: string) {
  const portfolio = await getPortfolio(deps.db, workspaceId, id);
  const links = await portfolioLinkList(deps.db, portfolio);
  // what show_trend shows on the public page, so an editor's preview can show it too
  const trend = await clicksByLinkSince(
    deps.db,
    links.map(({ link }) => link.id),
    trendStart(),
  );
  return {
    ...portfolioView(portfolio, deps.config.siteUrl),
    links: links.map(({ link, sortOrder }) => ({
      id: link.id,
      domain: link.domain,
      slug: link.slug,
      short_url: shortUrl(deps.config, link.domain, link.slug),
      target: link.target,
      title: link.title,
      click_count: Number(link.clickCount),
      trend_clicks: trend.get(link.id) ?? 0,
      sort_order: sortOrder,
    })),
  };
}

export async function updatePortfolio(deps: Deps, workspaceId: string, id: string, patch: PatchInput): Promise<void> {
  if (patch.name === undefined && patch.description === undefined && patch.config === undefined) throw badRequest('No updates given');
  const current = await getPortfolio(deps.db, workspaceId, id);
  await deps.db
    .update(portfolios)
    .set({
      ...(patch.name !== undefined ? { name: checkName(patch.name) } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.config !== undefined ? { config: mergeConfig(current.config, patch.config) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(portfolios.id, id));
  await deps.cache.invalidate(pageCacheKey(current.slug));
}

/** Deletes the portfolio and its link memberships; the links remain. */
export async function deletePortfolio(deps: Deps, workspaceId: string, id: string): Promise<void> {
  const [row] = await deps.db
    .delete(portfolios)
    .where(and(eq(portfolios.id, id), eq(portfolios.workspaceId, workspaceId)))
    .returning({ slug: portfolios.slug });
  if (!row) throw notFound('Portfolio');
  await deps.cache.invalidate(pageCacheKey(row.slug));
}

/**
 * Appends links after the current last one, in the order given. IDs of other workspaces,
 * unknown IDs, repeats and links already in the portfolio are skipped; returns how many were added.
 */
export async function addPortfolioLinks(deps: Deps, workspaceId: string, id: string, linkIds: string[]): Promise<number> {
  if (!linkIds.length || linkIds.length > LIMITS.portfolioLinksPerAdd)
    throw badRequest(`link_ids must hold 1 to ${LIMITS.portfolioLinksPerAdd} link IDs`, { field: 'link_ids' });
  const portfolio = await getPortfolio(deps.db, workspaceId, id);
  const wanted = [...new Set(linkIds)];
  const own = new Set((await getLinksByIds(deps.db, workspaceId, wanted)).map((r) => r.id));
  const ordered = wanted.filter((linkId) => own.has(linkId));
  if (!ordered.length) return 0;
  const added = await deps.db.transaction(async (tx) => {
    // serialises concurrent adds to one portfolio, so sort orders never collide
    await tx.select({ id: portfolios.id }).from(portfolios).where(eq(portfolios.id, portfolio.id)).for('update');
    const [last] = await tx
      .select({ n: max(portfolioLinks.sortOrder) })
      .from(portfolioLinks)
      .where(eq(portfolioLinks.portfolioId, portfolio.id));
    const start = (last?.n ?? -1) + 1;
    const inserted = await tx
      .insert(portfolioLinks)
      .values(ordered.map((linkId, i) => ({ portfolioId: portfolio.id, linkId, sortOrder: start + i })))
      .onConflictDoNothing()
      .returning({ linkId: portfolioLinks.linkId });
    if (inserted.length) await tx.update(portfolios).set({ updatedAt: new Date() }).where(eq(portfolios.id, portfolio.id));
    return inserted.length;
  });
  if (added) await deps.cache.invalidate(pageCacheKey(portfolio.slug));
  return added;
}

export async function removePortfolioLink(deps: Deps, workspaceId: string, id: string, linkId: string): Promise<void> {
  const portfolio = await getPortfolio(deps.db, workspaceId, id);
  const removed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(portfolioLinks)
      .where(and(eq(portfolioLinks.portfolioId, portfolio.id), eq(portfolioLinks.linkId, linkId)))
      .returning({ linkId: portfolioLinks.linkId });
    if (rows.length) await tx.update(portfolios).set({ updatedAt: new Date() }).where(eq(portfolios.id, portfolio.id));
    return rows.length;
  });
  if (!removed) throw new ApiError(404, 'Link is not in this portfolio');
  await deps.cache.invalidate(pageCacheKey(portfolio.slug));
}

/**
 * Puts the portfolio's links in the order given: `linkIds` must name each of its links exactly once
 * (a list that misses, repeats or adds a link is refused, so a stale editor cannot drop links).
 */
export async function orderPortfolioLinks(deps: Deps, workspaceId: string, id: string, linkIds: string[]): Promise<void> {
  const portfolio = await getPortfolio(deps.db, workspaceId, id);
  await deps.db.transaction(async (tx) => {
    // serialised with adds and other reorders of this portfolio
    await tx.select({ id: portfolios.id }).from(portfolios).where(eq(portfolios.id, portfolio.id)).for('update');
    const current = await tx.select({ linkId: portfolioLinks.linkId }).from(portfolioLinks).where(eq(portfolioLinks.portfolioId, portfolio.id));
    const members = new Set(current.map((m) => m.linkId));
    const given = new Set(linkIds);
    if (given.size !== linkIds.length) throw badRequest('link_ids must not repeat a link', { field: 'link_ids' });
    if (given.size !== members.size || linkIds.some((linkId) => !members.has(linkId)))
      throw badRequest('link_ids must list every link of the portfolio exactly once (reload it: its links have changed)', { field: 'link_ids' });
    for (const [sortOrder, linkId] of linkIds.entries())
      await tx
        .update(portfolioLinks)
        .set({ sortOrder })
        .where(and(eq(portfolioLinks.portfolioId, portfolio.id), eq(portfolioLinks.linkId, linkId)));
    await tx.update(portfolios).set({ updatedAt: new Date() }).where(eq(portfolios.id, portfolio.id));
  });
  await deps.cache.invalidate(pageCacheKey(portfolio.slug));
}
