import type { LinkhopModule } from '../../core/module';
import { createAccessResolver } from './access';
import { workspaceRoutes } from './routes';
import { sealPlainAnalyticsSecrets } from './service';

/** Workspaces and their settings. */
export const workspacesModule: LinkhopModule = {
  name: 'workspaces',
  routes: workspaceRoutes,
  start: (deps) =>
    void sealPlainAnalyticsSecrets(deps).catch((err) => deps.log.warn({ err }, 'analytics secrets could not be sealed at start; reads take them either way')),
  accessResolver: createAccessResolver,
};
