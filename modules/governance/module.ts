import type { LinkhopModule } from '../../core/module';
import { registerGovernance } from './hooks';

/** Link governance: a workspace's policy, enforced on every create (`link.beforeCreate`, order 900). */
export const governanceModule: LinkhopModule = {
  name: 'governance',
  hooks: registerGovernance,
};
