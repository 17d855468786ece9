import type { LinkhopModule } from '../../core/module';
import { oauthRoutes } from './routes';

/** Linkhop as an OAuth authorization server for its MCP endpoint: app registration, consent, tokens, revocation. */
export const oauthModule: LinkhopModule = {
  name: 'oauth',
  routes: oauthRoutes,
  // the authorization server's endpoints, and its metadata where RFC 8414 / RFC 9728 put it
  segments: { site: ['oauth', '.well-known'] },
};
