import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The instance's audit log: what operators did to people and workspaces (sign-in links, plans,
 * operators named or dropped, bootstraps), whoever they acted on. Ids are kept as text without
 * foreign keys: an entry outlives the user or workspace it names.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the operator signed in to the console; null: the operator token (API) or the CLI */
    operatorId: text('operator_id'),
    action: text('action').notNull(),
    /** the user acted on (a sign-in link's, a new or former operator, a bootstrap's) */
    userId: text('user_id'),
    /** the workspace acted on (a plan change, a bootstrap's) */
    workspaceId: text('workspace_id'),
    /** JSON-encoded, as the API answers it */
    details: text('details').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_audit_created_idx').on(t.createdAt)],
);
