import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { customAlphabet } from 'nanoid';
import type { DbOrTx } from '../../core/db';
import type { Deps } from '../../core/deps';
import { ApiError, required } from '../../core/errors';
import { portfolioAvatars, portfolios } from './schema';
import { avatarUrl, getPortfolio, pageCacheKey } from './service';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from './shared';

const version = customAlphabet('0123456789abcdefghijklmnopqrstuvwxyz', 10);

/**
 * The image type of an upload, read from its bytes (never from what the client declares): PNG,
 * JPEG, WebP or GIF. SVG and anything else is refused, so what we serve is never a document.
 */
export async function avatarType(bytes: Uint8Array): Promise<string> {
  if (!bytes.length) throw required('avatar');
  if (bytes.length > AVATAR_MAX_BYTES)
    throw new ApiError(413, `avatar must be at most ${AVATAR_MAX_BYTES / 1024} kB (${AVATAR_MAX_BYTES} bytes); this one has ${bytes.length}`, {
      field: 'avatar',
      code: 'too_large',
    });
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (!type || !(AVATAR_TYPES as readonly string[]).includes(type))
    throw new ApiError(415, `avatar must be a PNG, JPEG, WebP or GIF image${type ? ` (this is ${type})` : ''}`, {
      field: 'avatar',
      code: 'unsupported_media_type',
    });
  return type;
}

/** Stores (or replaces) a portfolio's avatar and answers its URL, new each time so caches of the old one never show. */
export async function setAvatar(deps: Deps, workspaceId: string, id: string, bytes: Uint8Array): Promise<string> {
  const portfolio = await getPortfolio(deps.db, workspaceId, id);
  const contentType = await avatarType(bytes);
  const next = version();
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(portfolioAvatars)
      .values({ portfolioId: portfolio.id, contentType, bytes, updatedAt: now })
      .onConflictDoUpdate({ target: portfolioAvatars.portfolioId, set: { contentType, bytes, updatedAt: now } });
    await tx.update(portfolios).set({ avatarVersion: next, updatedAt: now }).where(eq(portfolios.id, portfolio.id));
  });
  await deps.cache.invalidate(pageCacheKey(portfolio.slug));
  return avatarUrl(deps.config.siteUrl, { slug: portfolio.slug, avatarVersion: next })!;
}

/** Removes the avatar (none is fine): the page shows the name's initials again. */
export async function removeAvatar(deps: Deps, workspaceId: string, id: string): Promise<void> {
  const portfolio = await getPortfolio(deps.db, workspaceId, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(portfolioAvatars).where(eq(portfolioAvatars.portfolioId, portfolio.id));
    await tx.update(portfolios).set({ avatarVersion: null, updatedAt: new Date() }).where(eq(portfolios.id, portfolio.id));
  });
  await deps.cache.invalidate(pageCacheKey(portfolio.slug));
}

/** The avatar of the portfolio at `slug`, with its version; null without one. */
export async function avatarBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({ contentType: portfolioAvatars.contentType, bytes: portfolioAvatars.bytes, version: portfolios.avatarVersion })
    .from(portfolios)
    .innerJoin(portfolioAvatars, eq(portfolioAvatars.portfolioId, portfolios.id))
    .where(eq(portfolios.slug, slug));
  return row ?? null;
}
