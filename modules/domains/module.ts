import type { LinkhopModule } from '../../core/module';
import { assertDnsServers } from './dns';
import { domainRoutes } from './routes';
import { tlsAskCacheKey } from './service';

/** Custom domains. The links module gives its count and removal of a domain's links (`domainLinks`: links imports domains). */
export const domainsModule: LinkhopModule = {
  name: 'domains',
  // Caddy asks by the service's address, not the site's name
  anyHostApiRoutes: ['/api/tls/ask'],
  hooks(deps) {
    // a domain removed or no longer verified gets no new certificate from the next ask on
    deps.bus.on('domain.changed', ({ domain }) => deps.cache.invalidate(tlsAskCacheKey(domain)), { source: 'domains' });
  },
  routes(deps) {
    assertDnsServers(deps.config.dnsServers);
    return domainRoutes(deps);
  },
};
