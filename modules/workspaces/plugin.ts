import type { Deps } from '../../core/deps';
import { workspaceRoutes } from './routes';

export const workspacesModule = (deps: Deps) => workspaceRoutes(deps);
