import type { LinkhopModule } from '../../core/module';
import { metricsRoutes } from './routes';

/** The Prometheus endpoint. */
export const metricsModule: LinkhopModule = {
  name: 'metrics',
  routes: metricsRoutes,
  segments: { anyHost: ['metrics'] },
};
