import { ApiError } from '../../core/errors';
import { customAlphabet } from 'nanoid';
import { RESERVED_SEGMENTS } from '../../core/hosts';

/** The source of generated slugs: 7 of 62 characters (3.5 × 10¹² slugs). Tests replace `next` to force collisions. */
export const slugSource = { next: customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 7) };
/** a generated slug is drawn again this many times when it is taken, then the write answers 503 */
export const SLUG_ATTEMPTS = 6;
export const slugsExhausted = () => new ApiError(503, 'Could not allocate a slug, please retry');

/** A random slug that is never a reserved first path segment of the site. */
export function generateSlug(): string {
  for (;;) {
    const slug = slugSource.next();
    if (!RESERVED_SEGMENTS.has(slug.toLowerCase())) return slug;
  }
}
