import type { LinkhopModule } from '../../core/module';
import { memberRoutes } from './routes';

/** Members of a workspace and their roles. */
export const membersModule: LinkhopModule = {
  name: 'members',
  routes: memberRoutes,
};
