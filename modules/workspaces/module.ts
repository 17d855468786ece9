import type { LinkhopModule } from '../../core/module';
import { createAccessResolver } from './access';
import { workspaceRoutes } from './routes';

/** Workspaces and their settings. */
export const workspacesModule: LinkhopModule = {
  name: 'workspaces',
  routes: workspaceRoutes,
  accessResolver: createAccessResolver,
};
