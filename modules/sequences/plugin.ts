import { Elysia } from 'elysia';
import type { Deps } from '../../core/deps';
import { validateLinkField } from '../../core/stages';
import { checkSequence, sequenceStage } from './service';

/** Sequences: validation on link writes, per-visitor stepping at redirect stage 10. */
export const sequencesModule = (deps: Deps) => {
  validateLinkField(deps, 'sequence', 'sequences', checkSequence);
  deps.bus.on('redirect.resolve', sequenceStage, { order: 10, source: 'sequences' });
  return new Elysia({ name: 'module:sequences' });
};
