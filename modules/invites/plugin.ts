import type { Deps } from '../../core/deps';
import { inviteRoutes } from './routes';

export const invitesModule = (deps: Deps) => inviteRoutes(deps);
