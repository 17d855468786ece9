import type { Deps } from '../../core/deps';
import { enqueueForwarding } from './jobs';
import { clickIdStage, workspaceDefault } from './redirect';

/** The click id in a tracking link's target (stage 75), the workspace's default on new links, and new leads and sales to GA4 / Meta. */
export function registerConversions(deps: Deps) {
  deps.bus.on('redirect.resolve', clickIdStage, { order: 75, source: 'conversions' });
  deps.bus.on('link.beforeCreate', (ctx) => workspaceDefault(deps, ctx), { order: 20, source: 'conversions' });
  enqueueForwarding(deps);
}
