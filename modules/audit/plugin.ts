import type { Deps } from '../../core/deps';
import { auditRoutes } from './routes';

/** The audit module owns the log: other modules write to it with its `recordAudit`, inside their transaction. */
export const auditModule = (deps: Deps) => auditRoutes(deps);
