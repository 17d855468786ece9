import type { LinkhopModule } from '../../core/module';
import { linkRoutes } from './routes';

/** Short links: create, list, change, delete. */
export const linksModule: LinkhopModule = {
  name: 'links',
  routes: linkRoutes,
};
