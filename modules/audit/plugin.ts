import type { Deps } from '../../core/deps';
import { auditRoutes } from './routes';
import { recordAudit } from './service';

/** The audit module owns the log; every other module writes through the `audit.record` hook. */
export function auditModule(deps: Deps) {
  deps.bus.on('audit.record', recordAudit, { source: 'audit' });
  return auditRoutes(deps);
}
