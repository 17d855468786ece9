import type { LinkhopModule } from '../../core/module';
import { registerJobs } from './jobs';
import { sessionRoutes } from './routes';

/** Dashboard sign-in and sessions; its job looks up the address behind a sign-in link request. */
export const sessionsModule: LinkhopModule = {
  name: 'sessions',
  jobs: registerJobs,
  routes: sessionRoutes,
};
