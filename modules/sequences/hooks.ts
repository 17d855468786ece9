import type { Deps } from '../../core/deps';
import { validateLinkField } from '../../core/stages';
import { checkSequence, sequenceStage } from './service';

/** Sequences: validation on link writes, per-visitor stepping at redirect stage 10. */
export function registerSequences(deps: Deps) {
  validateLinkField(deps, 'sequence', 'sequences', checkSequence);
  deps.bus.on('redirect.resolve', sequenceStage, { order: 10, source: 'sequences' });
}
