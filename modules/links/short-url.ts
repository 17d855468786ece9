import type { Config } from '../../core/config';

/** Cache key of a link by its short URL (the redirect path looks links up by it). */
export const linkCacheKey = (domain: string, slug: string) => `link:${domain}/${slug}`;

/** Custom domains are served over https; the default domain uses the site's protocol. */
export function shortUrl(config: Config, domain: string, slug: string): string {
  const protocol = domain === config.defaultDomain ? config.shortProtocol : 'https:';
  return `${protocol}//${domain}/${slug}`;
}
