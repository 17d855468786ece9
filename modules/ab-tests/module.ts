import type { LinkhopModule } from '../../core/module';
import { registerAbTests } from './hooks';

/** A/B tests: the redirect stage (40) that splits visits between a link's variants. */
export const abTestsModule: LinkhopModule = {
  name: 'ab-tests',
  hooks: registerAbTests,
};
