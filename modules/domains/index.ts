// The domains module's public face: what other modules and the app use of it (nothing else is imported from outside).
export type { DomainItem, VerifyResult } from './model';
export { getDomainByHost, getWorkspaceDomain, listDomains } from './service';
