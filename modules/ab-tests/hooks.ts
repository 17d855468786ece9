import type { Deps } from '../../core/deps';
import { validateLinkField } from '../../core/stages';
import { abStage, checkVariants } from './service';

/** A/B tests (`ab_variants`): validation on link writes, sticky weighted choice at redirect stage 40. */
export function registerAbTests(deps: Deps) {
  validateLinkField(deps, 'ab_variants', 'ab-tests', checkVariants);
  deps.bus.on('redirect.resolve', abStage, { order: 40, source: 'ab-tests' });
}
