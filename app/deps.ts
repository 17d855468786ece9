import type { Config } from '../core/config';
import { createDeps as createCoreDeps, type Deps, type DepsOptions } from '../core/deps';
import { apiResource, bearerActor } from '../modules/oauth';
import { createSessionAuthenticator } from '../modules/sessions';
import { createAccessResolver } from '../modules/workspaces';
import { wireModules } from './modules';

/**
 * A process's deps, complete: the access resolver built from the identity modules (API keys and
 * workspaces, sessions, OAuth tokens for the REST API), and every module's bus handlers and job processors wired. Every process
 * (API server, worker, CLI) and every test app makes its deps here.
 */
export async function createDeps(config: Config, opts: Omit<DepsOptions, 'access'> = {}): Promise<Deps> {
  const deps = await createCoreDeps(config, {
    ...opts,
    access: (base) => createAccessResolver(base, createSessionAuthenticator(base), (token) => bearerActor(base, token, apiResource(base.config))),
  });
  wireModules(deps);
  return deps;
}
