import { Elysia, t } from 'elysia';
import { accessMacro } from '../../core/access';
import type { Deps } from '../../core/deps';
import { Int, PageQuery, WsParams } from '../../core/model';
import { listAudit, userNames } from './service';

const AuditEntry = t.Object({
  id: Int(),
  workspace_id: t.String(),
  user_id: t.Union([t.String(), t.Null()]),
  user_email: t.Union([t.String(), t.Null()], { description: 'E-mail of the user behind user_id (null: no user, or the user no longer exists)' }),
  user_name: t.Union([t.String(), t.Null()], { description: 'Name of that user, when they gave one' }),
  action: t.String(),
  details: t.String({ description: 'JSON-encoded, action-specific data' }),
  created_at: t.String(),
});

export const auditRoutes = (deps: Deps) =>
  new Elysia({ name: 'routes:audit', detail: { tags: ['Audit log'] } })
    .use(accessMacro(deps.access))
    .get('/api/workspaces/:wsId/audit-log', ({ workspace, query }) => listAudit(deps.db, userNames.of(deps), workspace.id, query), {
      access: { role: 'admin' },
      params: WsParams,
      query: t.Object({
        ...PageQuery,
        action: t.Optional(t.String({ description: 'Only this action, e.g. link.create' })),
        user_id: t.Optional(t.String()),
        from: t.Optional(t.String({ description: 'ISO 8601, inclusive' })),
        to: t.Optional(t.String({ description: 'ISO 8601, inclusive' })),
      }),
      response: { 200: t.Object({ entries: t.Array(AuditEntry), total: Int(), page: Int(), limit: Int() }) },
      detail: { summary: 'Read the audit log, newest first' },
    });
