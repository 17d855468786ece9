import type { Deps } from '../../core/deps';
import { freshClickCount } from '../clicks';
import { getDomainByHost } from '../domains';
import { getLinkByShortUrl, linkCacheKey, linkSnapshot } from '../links';
import { getWorkspaceRow } from '../workspaces';
import type { LinkSnapshot, WorkspaceSnapshot } from '../../core/hooks';

const TTL_MS = 10 * 60_000;
/**
 * "Not found" answers are kept only in process, for half a minute: a URL that keeps being asked for
 * (a dead link on a page, a prober) costs one database query per process in that time. A new link
 * with a chosen slug, a new or verified domain drop them in every process before their write answers.
 */
const NEGATIVE_TTL_MS = 30_000;

export const workspaceCacheKey = (id: string) => `redirect:ws:${id}`;
export const domainCacheKey = (hostname: string) => `redirect:domain:${hostname}`;

export interface CustomDomain {
  domain: string;
  workspaceId: string;
  verified: boolean;
}

/**
 * Lookups of the redirect path: in-process LRU (synchronous `peek*`), then Redis, then the
 * database (`load*`). Redis errors count as misses, so a sick Redis slows a miss, never fails it.
 */
export function createLookup(deps: Pick<Deps, 'cache' | 'db' | 'redis' | 'config'>) {
  const { cache, db } = deps;
  // concurrent misses of one key share one load (a cold link under load is fetched once)
  const inFlight = new Map<string, Promise<unknown>>();
  /** `fromCache`: what to do with a value that came from Redis (not fresh from the database) */
  function load<T>(key: string, fetch: () => Promise<T | null>, fromCache?: (value: T) => Promise<T>): Promise<T | null> {
    let pending = inFlight.get(key) as Promise<T | null> | undefined;
    if (!pending) {
      let fetched = false;
      const read = cache.readThrough(
        key,
        TTL_MS,
        () => {
          fetched = true;
          return fetch();
        },
        { nullTtlMs: NEGATIVE_TTL_MS },
      );
      pending = (fromCache ? read.then((v) => (v === null || fetched ? v : fromCache(v))) : read).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }
  return {
    peekLink: (domain: string, slug: string) => cache.peek<LinkSnapshot | null>(linkCacheKey(domain, slug)),
    loadLink: (domain: string, slug: string) =>
      load(
        linkCacheKey(domain, slug),
        async () => {
          const row = await getLinkByShortUrl(db, domain, slug);
          return row ? (linkSnapshot(row) as LinkSnapshot) : null;
        },
        // a snapshot from Redis may be minutes old: the rules engine's click_count must not be
        (snapshot) => freshClickCount(deps, snapshot),
      ),
    peekWorkspace: (id: string) => cache.peek<WorkspaceSnapshot | null>(workspaceCacheKey(id)),
    loadWorkspace: (id: string) =>
      load<WorkspaceSnapshot>(workspaceCacheKey(id), async () => {
        const row = await getWorkspaceRow(db, id);
        return row
          ? {
              id: row.id,
              plan: row.plan,
              expired_page_url: row.expiredPageUrl,
              retargeting_scripts: row.retargetingScripts,
              ga_id: row.gaId,
              fb_pixel_id: row.fbPixelId,
            }
          : null;
      }),
    peekDomain: (hostname: string) => cache.peek<CustomDomain | null>(domainCacheKey(hostname)),
    loadDomain: (hostname: string) =>
      load<CustomDomain>(domainCacheKey(hostname), async () => {
        const row = await getDomainByHost(db, hostname);
        return row ? { domain: row.domain, workspaceId: row.workspaceId, verified: row.verified } : null;
      }),
  };
}
export type Lookup = ReturnType<typeof createLookup>;
