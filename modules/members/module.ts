import type { LinkhopModule } from '../../core/module';
import { userNames } from '../audit';
import { memberRoutes } from './routes';
import { usersByIds } from './service';

/** Members of a workspace and their roles. */
export const membersModule: LinkhopModule = {
  name: 'members',
  routes: memberRoutes,
  // the audit log names who acted (audit cannot import this module: members records audit entries)
  hooks: (deps) => userNames.give(deps, usersByIds),
};
