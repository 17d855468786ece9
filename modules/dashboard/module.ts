import type { LinkhopModule } from '../../core/module';
import { dashboardRoutes } from './routes';

/** The dashboard at /app on the site host. */
export const dashboardModule: LinkhopModule = {
  name: 'dashboard',
  routes: dashboardRoutes,
};
