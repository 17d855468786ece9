import type { Deps } from '../../core/deps';
import { assertDnsServers } from './dns';
import { domainRoutes } from './routes';

export const domainsModule = (deps: Deps) => {
  assertDnsServers(deps.config.dnsServers);
  return domainRoutes(deps);
};
