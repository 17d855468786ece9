import type { LinkhopModule } from '../../core/module';
import { healthRoutes } from './routes';

/** Liveness and readiness probes. */
export const healthModule: LinkhopModule = {
  name: 'health',
  routes: healthRoutes,
  segments: { anyHost: ['healthz', 'readyz'] },
};
