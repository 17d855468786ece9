// The domains module's public face: what other modules and the app use of it (nothing else is imported from outside).
export type { DomainItem, VerifyResult } from './model';
export { domainFormatError, getDomainByHost, getWorkspaceDomain, listDomains, txtRecord } from './service';
// the DNS TXT verification, re-used by single sign-on's domain capture
export { lookupVerification, txtName, type DnsAnswer } from './dns';
export { domainLinks, type DomainLinks } from './service';
export { domainsModule } from './module';
