import type { Deps } from '../../core/deps';
import { registerJobs as registerMailJobs } from '../mail';
import { memberRoutes } from './routes';

/** Members (the lowest module that mails: members, invites and sessions do) bring up the in-process mail runner; workers/run.ts finds it too. */
export const membersModule = (deps: Deps) => {
  registerMailJobs(deps);
  return memberRoutes(deps);
};
