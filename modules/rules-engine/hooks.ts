import type { Deps } from '../../core/deps';
import { validateLinkField } from '../../core/stages';
import { checkRules, rulesStage } from './service';

/** The rules engine: validates `rules` on every link write and chooses targets at redirect stage 20. */
export function registerRulesEngine(deps: Deps) {
  validateLinkField(deps, 'rules', 'rules-engine', checkRules);
  deps.bus.on('redirect.resolve', rulesStage, { order: 20, source: 'rules-engine' });
}
