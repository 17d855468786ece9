import type { LinkhopModule } from '../../core/module';
import { auditRoutes } from './routes';
import type { NameUsers } from './service';

/**
 * The audit module owns the log: other modules write to it with its `recordAudit`, inside their transaction.
 * `nameUsers`: the members module's lookup of users by id (given by app/modules.ts: members records audit entries, so audit cannot import it).
 */
export const auditModule = (nameUsers: NameUsers): LinkhopModule => ({
  name: 'audit',
  routes: (deps) => auditRoutes(deps, nameUsers),
});
