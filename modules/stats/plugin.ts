import type { Deps } from '../../core/deps';
import { statsRoutes } from './routes';

export const statsModule = (deps: Deps) => statsRoutes(deps);
