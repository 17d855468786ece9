import type { LinkhopModule } from '../../core/module';
import { ssoRoutes } from './routes';

/** Domain capture for single sign-on: the workspace owner's e-mail domains (the sign-in itself is the sessions module's). */
export const ssoModule: LinkhopModule = {
  name: 'sso',
  routes: ssoRoutes,
};
