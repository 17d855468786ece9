// The links module's public face: what other modules, core and workers use of it (nothing else is imported from outside).
export type { Link, LinkList } from './model';
export {
  addClickCounts, claimExpiredEvent, countDomainLinks, createLink, createLinks, deleteDomainLinks, deleteLink, getLink, getLinkByShortUrl,
  getLinksByIds, getPasswordHash, linkCacheKey, linkContext, linksAfter, linkTotalsByWorkspace, linkView, listLinks, listMonitoredLinks,
  lockExistingLinks, orphanedLinkDomains, removeTagFromLinks, tagsInUse, updateLink,
} from './service';
export type { LinkContext, LinkRow } from './service';
export { checkLinkFields, parseExpiresAt, resolveDomain } from './validate';
