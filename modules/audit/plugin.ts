import type { Deps } from '../../core/deps';
import { auditRoutes } from './routes';
import type { NameUsers } from './service';

/**
 * The audit module owns the log: other modules write to it with its `recordAudit`, inside their transaction.
 * `nameUsers`: the members module's lookup of users by id (given by the kernel: members records audit entries, so audit cannot import it).
 */
export const auditModule = (deps: Deps, nameUsers: NameUsers) => auditRoutes(deps, nameUsers);
