import type { LinkhopModule } from '../../core/module';
import { inviteRoutes } from './routes';

/** Invitations to a workspace. */
export const invitesModule: LinkhopModule = {
  name: 'invites',
  routes: inviteRoutes,
  // an invitation's token is its credential
  keylessRoutes: ['/api/invites/*'],
};
