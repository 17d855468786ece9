import type { Deps } from '../../core/deps';
import { tagRoutes } from './routes';

export const tagsModule = (deps: Deps) => tagRoutes(deps);
