import { Elysia } from 'elysia';
import type { LinkhopModule } from '../../core/module';
import { adminCommands } from './commands';
import { operatorRoutes } from './operator-routes';
import { adminRoutes } from './routes';

/** The operator API (`ADMIN_TOKEN`), and the operator console's API for instance operators signed in to the dashboard. */
export const adminModule: LinkhopModule = {
  name: 'admin',
  // the operator API carries ADMIN_TOKEN, no API key (the operator console's API, /api/operator, is a signed-in session's)
  keylessRoutes: ['/api/admin/*'],
  commands: adminCommands,
  routes: (deps) => new Elysia({ name: 'module:admin' }).use(adminRoutes(deps)).use(operatorRoutes(deps)),
};
