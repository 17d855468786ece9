/** Cache key of a link by its short URL (the redirect path looks links up by it). */
export const linkCacheKey = (domain: string, slug: string) => `link:${domain}/${slug}`;
