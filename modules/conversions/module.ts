import type { LinkhopModule } from '../../core/module';
import { registerConversions } from './hooks';
import { registerForwardingJob } from './jobs';
import { conversionRoutes } from './routes';

/** Conversion tracking (Pro+): the click id in tracked links' targets (stage 75), leads and sales, their rollups and stats, their forwarding to GA4 / Meta (`analytics` queue), and /lh.js. */
export const conversionsModule: LinkhopModule = {
  name: 'conversions',
  hooks: registerConversions,
  jobs: registerForwardingJob,
  routes: conversionRoutes,
};
