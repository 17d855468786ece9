import type { LinkhopModule } from '../../core/module';
import { registerJobs } from './jobs';

/** Outgoing mail: the `mail.*` jobs (members, invites and sessions send through them). */
export const mailModule: LinkhopModule = {
  name: 'mail',
  jobs: registerJobs,
};
