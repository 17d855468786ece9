import type { Deps } from '../../core/deps';
import { validateLinkField } from '../../core/stages';
import { checkRoutingRules, routingStage } from './service';

/** Legacy geo/device/OS routing (`routing_rules`): validation on link writes, redirect stage 30. */
export function registerRouting(deps: Deps) {
  validateLinkField(deps, 'routing_rules', 'routing', checkRoutingRules);
  deps.bus.on('redirect.resolve', routingStage, { order: 30, source: 'routing' });
}
