import type { Deps } from '../../core/deps';
import { clientRoutes } from './routes';

export const clientsModule = (deps: Deps) => clientRoutes(deps);
