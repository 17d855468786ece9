import type { Deps } from '../../core/deps';
import { linkRoutes } from './routes';

export const linksModule = (deps: Deps) => linkRoutes(deps);
