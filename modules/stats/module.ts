import type { LinkhopModule } from '../../core/module';
import { statsRoutes } from './routes';

/** Click statistics. */
export const statsModule: LinkhopModule = {
  name: 'stats',
  routes: statsRoutes,
};
