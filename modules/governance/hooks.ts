import type { Deps } from '../../core/deps';
import { enforceGovernance, rulesCacheKey } from './service';

/**
 * Governance has no routes: the policy is set through workspace PATCH (workspaces/governance-policy.ts validates it) and
 * enforced on every new link through `link.beforeCreate`, never on existing links or PATCH.
 * It runs late (order 900) so that it judges the link after templates (order 10) filled defaults.
 * Bulk create: a violating item fails the whole request (400, message names the item as links[i]),
 * "checked as for single create"; CSV import: the row is reported in `errors`, other rows import.
 */
export function registerGovernance(deps: Deps) {
  deps.bus.on('link.beforeCreate', (ctx) => enforceGovernance(deps, ctx), { order: 900, source: 'governance' });
  deps.bus.on('workspace.changed', ({ workspaceId }) => deps.cache.invalidate(rulesCacheKey(workspaceId)), { source: 'governance' });
}
