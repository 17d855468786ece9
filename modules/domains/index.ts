// The domains module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export type { DomainItem, VerifyResult } from './model';
export { getDomainByHost, getWorkspaceDomain, listDomains } from './service';
