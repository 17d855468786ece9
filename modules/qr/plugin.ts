import type { Deps } from '../../core/deps';
import { qrRoutes } from './routes';

export const qrModule = (deps: Deps) => qrRoutes(deps);
