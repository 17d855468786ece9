import type { Deps } from '../../core/deps';
import { liveRoutes } from './routes';

export const liveModule = (deps: Deps) => liveRoutes(deps);
