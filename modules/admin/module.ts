import type { LinkhopModule } from '../../core/module';
import { adminRoutes } from './routes';

/** The operator API (`ADMIN_TOKEN`). */
export const adminModule: LinkhopModule = {
  name: 'admin',
  routes: adminRoutes,
};
