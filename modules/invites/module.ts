import type { LinkhopModule } from '../../core/module';
import { inviteRoutes } from './routes';

/** Invitations to a workspace. */
export const invitesModule: LinkhopModule = {
  name: 'invites',
  routes: inviteRoutes,
};
