import type { LinkhopModule } from '../../core/module';
import { registerSequences } from './hooks';

/** Link sequences (stage 10): a visitor's next step. */
export const sequencesModule: LinkhopModule = {
  name: 'sequences',
  hooks: registerSequences,
};
