import type { LinkhopModule } from '../../core/module';
import { clientRoutes } from './routes';

/** Client workspaces of an agency. */
export const clientsModule: LinkhopModule = {
  name: 'clients',
  routes: clientRoutes,
};
