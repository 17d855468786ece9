import type { Deps } from '../../core/deps';
import './hooks';
import { linkRoutes } from './routes';
import { deleteDomainLinks } from './delete';
import { countDomainLinks } from './queries';

export const linksModule = (deps: Deps) => {
  deps.bus.on(
    'domain.beforeRemove',
    async (ctx) => {
      const keys = await deleteDomainLinks(ctx.db, ctx.workspaceId, ctx.domain);
      ctx.deleted = keys.length;
      if (keys.length) await deps.cache.invalidate(...keys);
    },
    { source: 'links' },
  );
  deps.bus.on(
    'domain.linkCount',
    async (ctx) => {
      ctx.count = await countDomainLinks(deps.db, ctx.workspaceId, ctx.domain);
    },
    { source: 'links' },
  );
  return linkRoutes(deps);
};
