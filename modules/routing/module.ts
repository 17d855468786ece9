import type { LinkhopModule } from '../../core/module';
import { registerRouting } from './hooks';

/** Legacy smart routing (stage 30): targets by country, device, language. */
export const routingModule: LinkhopModule = {
  name: 'routing',
  hooks: registerRouting,
};
