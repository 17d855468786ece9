import type { Deps } from '../../core/deps';
import { registerJobs } from './jobs';
import { sessionRoutes } from './routes';

/** Sessions bring up their in-process job (the lookup behind a sign-in link request); workers/run.ts finds it too. */
export const sessionsModule = (deps: Deps) => {
  registerJobs(deps);
  return sessionRoutes(deps);
};
