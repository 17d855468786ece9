import type { Deps } from '../../core/deps';
import { domainCacheKey, workspaceCacheKey } from './lookup';
import { defaultStage, utmStage } from './service';

/** The default target (stage 50) and UTM merge (70); cached workspaces and domains dropped when they change. */
export function registerRedirect(deps: Deps) {
  deps.bus.on('redirect.resolve', defaultStage, { order: 50, source: 'redirect' });
  deps.bus.on('redirect.resolve', utmStage, { order: 70, source: 'redirect' });
  deps.bus.on('workspace.changed', ({ workspaceId }) => deps.cache.invalidate(workspaceCacheKey(workspaceId)), { source: 'redirect' });
  deps.bus.on('domain.changed', ({ domain }) => deps.cache.invalidate(domainCacheKey(domain)), { source: 'redirect' });
}
