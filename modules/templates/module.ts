import type { LinkhopModule } from '../../core/module';
import { registerTemplates } from './hooks';
import { templateRoutes } from './routes';

/** Link templates: CRUD routes, applied to creates through `link.beforeCreate` (order 10). */
export const templatesModule: LinkhopModule = {
  name: 'templates',
  hooks: registerTemplates,
  routes: templateRoutes,
};
