import type { LinkSnapshot } from '../../core/hooks';

const ONE_YEAR = 365 * 24 * 3600;

/** Per-visitor state of one link (sequence step, A/B variant, interstitial seen): named by the link's id. */
export const linkCookieName = (kind: string, link: Pick<LinkSnapshot, 'id'>) => `lh_${kind}_${link.id}`;

/** A Set-Cookie value scoped to the link's short URL path, so visitors of other links never send it. */
export function linkCookie(kind: string, link: Pick<LinkSnapshot, 'id' | 'slug'>, value: string, maxAgeSec = ONE_YEAR): string {
  return `${linkCookieName(kind, link)}=${encodeURIComponent(value)}; Path=/${link.slug}; Max-Age=${maxAgeSec}; HttpOnly; SameSite=Lax`;
}
