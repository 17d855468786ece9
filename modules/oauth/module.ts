import type { LinkhopModule } from '../../core/module';
import { apiResource } from './protocol';
import { oauthRoutes } from './routes';
import { bearerActor } from './service';

/** Linkhop as an OAuth authorization server for its MCP endpoint and REST API: app registration, consent, tokens, revocation. */
export const oauthModule: LinkhopModule = {
  name: 'oauth',
  routes: oauthRoutes,
  // the authorization server's endpoints, and its metadata where RFC 8414 / RFC 9728 put it
  segments: { site: ['oauth', '.well-known'] },
  // access tokens granted for the REST API act there as the grant's workspace and role
  bearerAuthenticator: (deps) => (token) => bearerActor(deps, token, apiResource(deps.config)),
};
