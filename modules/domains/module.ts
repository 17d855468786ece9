import type { LinkhopModule } from '../../core/module';
import { assertDnsServers } from './dns';
import { domainRoutes } from './routes';
import type { DomainLinks } from './service';

/** Custom domains. `links`: the links module's count and removal of a domain's links (given by app/modules.ts: links imports domains). */
export const domainsModule = (links: DomainLinks): LinkhopModule => ({
  name: 'domains',
  routes(deps) {
    assertDnsServers(deps.config.dnsServers);
    return domainRoutes(deps, links);
  },
});
