import type { LinkhopModule } from '../../core/module';
import { workspaceRoutes } from './routes';

/** Workspaces and their settings. */
export const workspacesModule: LinkhopModule = {
  name: 'workspaces',
  routes: workspaceRoutes,
};
