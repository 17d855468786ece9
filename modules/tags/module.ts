import type { LinkhopModule } from '../../core/module';
import { tagRoutes } from './routes';

/** Tags of links. */
export const tagsModule: LinkhopModule = {
  name: 'tags',
  routes: tagRoutes,
};
