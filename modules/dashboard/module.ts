import type { LinkhopModule } from '../../core/module';
import { clientBundle } from './assets';
import { dashboardRoutes } from './routes';

/** The dashboard at /app on the site host. */
export const dashboardModule: LinkhopModule = {
  name: 'dashboard',
  routes: dashboardRoutes,
  // the site's own files are kept from slugs, though nothing serves them yet
  segments: { site: ['app'], reserved: ['favicon.ico', 'robots.txt', 'assets', 'static'] },
  // the dashboard is bundled before the first visitor, and a broken bundle stops the start
  async checkAtStart() {
    await clientBundle();
  },
};
