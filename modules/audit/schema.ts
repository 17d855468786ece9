import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

/** Append-only: a trigger (migration 0001) refuses UPDATE, and DELETE outside a workspace purge. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    action: text('action').notNull(),
    /** JSON-encoded, as the API answers it */
    details: text('details').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_ws_created_idx').on(t.workspaceId, t.createdAt), index('audit_ws_action_idx').on(t.workspaceId, t.action)],
);
