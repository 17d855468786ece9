import type { LinkhopModule } from '../../core/module';
import { registerRulesEngine } from './hooks';

/** The rules engine (stage 20): conditions and targets per link. */
export const rulesEngineModule: LinkhopModule = {
  name: 'rules-engine',
  hooks: registerRulesEngine,
};
