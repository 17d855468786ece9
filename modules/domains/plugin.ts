import type { Deps } from '../../core/deps';
import { assertDnsServers } from './dns';
import { domainRoutes } from './routes';
import type { DomainLinks } from './service';

/** `links`: the links module's count and removal of a domain's links (given by the kernel). */
export const domainsModule = (deps: Deps, links: DomainLinks) => {
  assertDnsServers(deps.config.dnsServers);
  return domainRoutes(deps, links);
};
