// The links module's public face: what other modules and the app use of it (nothing else is imported from outside).
import type { LinkServices } from './plugin-services';
export { checkTarget, checkUrl, parseExpiresAt } from './checks';
export { addClickCounts, lockExistingLinks } from './click-counts';
export { createLink, createLinks } from './create';
export type { ImportedHistory } from './create';
export { deleteLink } from './delete';
export { fieldsWith } from './fields';
export { listLinks } from './list';
export type { ListQuery } from './list';
export type { Link, LinkCreate, LinkList, LinkPatch } from './model';
export { CreateLinkBody, PatchLinkBody } from './model';
export { linkCreateInput, linkPatchInput } from './input';
export {
  getLink,
  getLinkByShortUrl,
  getLinksByIds,
  linksAfter,
  linkTotalsByWorkspace,
} from './queries';
export { checkLinkPassword } from './password';
export { linkCacheKey } from './short-url';
export { removeTagFromLinks, tagsInUse, tagUsage } from './tags';
export { normaliseTag, parseTagList, TAG_PATTERN } from './shared';
export { claimExpiredEvent, updateLink } from './update';
export { linkIdsMatching, sentUtmOf, UTM_KEYS } from './utm';
export type { LinkMatch, UtmKey } from './utm';
export { checkLinkFields, linkContext, resolveDomain } from './validate';
export type { LinkContext } from './validate';
export { linkSnapshot, linkView } from './view';
export type { LinkRow, LinkView } from './view';
export { linksModule } from './module';
export { warnOrphanedLinks } from './orphaned';
export type { LinkServices } from './plugin-services';

// What an extension plugin may do with links (`ctx.services.links`, built in the descriptor).
declare module '../../core/module' {
  interface PluginServices {
    links: LinkServices;
  }
}
