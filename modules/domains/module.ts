import type { LinkhopModule } from '../../core/module';
import { assertDnsServers } from './dns';
import { domainRoutes } from './routes';
import { type DomainLinks, tlsAskCacheKey } from './service';

/** Custom domains. `links`: the links module's count and removal of a domain's links (given by app/modules.ts: links imports domains). */
export const domainsModule = (links: DomainLinks): LinkhopModule => ({
  name: 'domains',
  hooks(deps) {
    // a domain removed or no longer verified gets no new certificate from the next ask on
    deps.bus.on('domain.changed', ({ domain }) => deps.cache.invalidate(tlsAskCacheKey(domain)), { source: 'domains' });
  },
  routes(deps) {
    assertDnsServers(deps.config.dnsServers);
    return domainRoutes(deps, links);
  },
});
