import type { LinkhopModule } from '../../core/module';
import { apiKeyRoutes } from './routes';

/** API keys of a workspace. */
export const apiKeysModule: LinkhopModule = {
  name: 'api-keys',
  routes: apiKeyRoutes,
};
