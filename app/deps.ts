import type { Config } from '../core/config';
import { createDeps as createCoreDeps, type Deps, type DepsOptions } from '../core/deps';
import { accessResolver, wireModules } from './modules';

/**
 * A process's deps, complete: the access resolver the identity modules give, and every module's bus
 * handlers and job processors wired. Every process (API server, worker, CLI) and every test app makes its deps here.
 */
export async function createDeps(config: Config, opts: Omit<DepsOptions, 'access'> = {}): Promise<Deps> {
  const deps = await createCoreDeps(config, { ...opts, access: accessResolver });
  wireModules(deps);
  return deps;
}
