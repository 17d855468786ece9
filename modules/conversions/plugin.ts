import type { Deps } from '../../core/deps';
import { conversionRoutes } from './routes';

export const conversionsModule = (deps: Deps) => conversionRoutes(deps);
