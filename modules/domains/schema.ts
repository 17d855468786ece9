import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

export const domains = pgTable(
  'domains',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** lowercase hostname, globally unique */
    domain: text('domain').notNull().unique(),
    verified: boolean('verified').notNull().default(false),
    /** the token of the TXT value `linkhop-verify=<token>` */
    verifyToken: text('verify_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('domains_workspace_idx').on(t.workspaceId)],
);
