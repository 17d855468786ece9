import type { LinkhopModule } from '../../core/module';
import { auditRoutes } from './routes';
import { recordAudit } from './service';

/**
 * The audit module owns the log: other modules write to it with its `recordAudit`, inside their
 * transaction; the members module gives its lookup of users by id (`userNames`) to name who acted.
 */
export const auditModule: LinkhopModule = {
  name: 'audit',
  routes: auditRoutes,
  pluginServices: (deps, actor) => ({
    audit: {
      // a plugin's actions are its own (`plugin:<name>.<action>`): it cannot write the kernel's
      record: (workspaceId, action, details = {}, o = {}) =>
        recordAudit({ db: deps.db, workspaceId, userId: o.userId === undefined ? actor : o.userId, action: `${actor}.${action}`, details }),
    },
  }),
};
