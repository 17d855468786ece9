import type { LinkhopModule } from '../../core/module';
import { domainLinks } from '../domains';
import { deleteDomainLinks } from './delete';
import { warnOrphanedLinks } from './orphaned';
import { linkServices } from './plugin-services';
import { countDomainLinks } from './queries';
import { checkRestoredLinks } from './restore';
import { linkRoutes } from './routes';

/** Short links: create, list, change, delete. */
export const linksModule: LinkhopModule = {
  name: 'links',
  routes: linkRoutes,
  // a domain's removal deletes its links in the same transaction (domains cannot import this module: links imports domains)
  hooks: (deps) => domainLinks.give(deps, { count: countDomainLinks, remove: deleteDomainLinks }),
  checkAtStart: warnOrphanedLinks,
  checkRestored: checkRestoredLinks,
  pluginServices: (deps, actor) => ({ links: linkServices(deps, actor) }),
};
