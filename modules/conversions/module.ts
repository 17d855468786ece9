import type { LinkhopModule } from '../../core/module';
import { registerConversions } from './hooks';
import { conversionRoutes } from './routes';

/** Conversion tracking (Pro+): the click id in tracked links' targets (stage 75), leads and sales, their stats, and /lh.js. */
export const conversionsModule: LinkhopModule = {
  name: 'conversions',
  hooks: registerConversions,
  routes: conversionRoutes,
};
