import type { LinkhopModule } from '../../core/module';
import { oauthRoutes } from './routes';

/** Linkhop as an OAuth authorization server for its MCP endpoint: app registration, consent, tokens, revocation. */
export const oauthModule: LinkhopModule = {
  name: 'oauth',
  routes: oauthRoutes,
};
