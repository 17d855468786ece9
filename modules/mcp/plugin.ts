import type { Deps } from '../../core/deps';
import { mcpRoutes } from './routes';

export const mcpModule = (deps: Deps) => mcpRoutes(deps);
