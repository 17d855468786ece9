import type { Deps } from '../../core/deps';
import { orphanedLinkDomains } from './queries';

/** Says so when stored links sit on a domain that no longer resolves (a changed PORT or SITE_URL moves the default domain). */
export async function warnOrphanedLinks(deps: Pick<Deps, 'db' | 'config' | 'log'>) {
  const orphaned = await orphanedLinkDomains(deps.db, deps.config.defaultDomain);
  if (!orphaned.length) return;
  const count = orphaned.reduce((sum, o) => sum + o.links, 0);
  const domains = orphaned.map((o) => o.domain);
  deps.log.warn(
    { orphanedLinks: count, domains, defaultDomain: deps.config.defaultDomain },
    `${count} stored link${count === 1 ? '' : 's'} use${count === 1 ? 's' : ''} ${domains.join(', ')}, neither the default domain (${deps.config.defaultDomain}) nor a custom domain: ${count === 1 ? 'it does' : 'they do'} not resolve. To keep serving them set DEFAULT_DOMAIN=${domains[0]} (the default domain follows SITE_URL, which follows PORT).`,
  );
}
