import type { Deps } from '../../core/deps';
import { clickIdStage, workspaceDefault } from './redirect';

/** The click id in a tracking link's target (stage 75) and the workspace's default on new links. */
export function registerConversions(deps: Deps) {
  deps.bus.on('redirect.resolve', clickIdStage, { order: 75, source: 'conversions' });
  deps.bus.on('link.beforeCreate', (ctx) => workspaceDefault(deps, ctx), { order: 20, source: 'conversions' });
}
