import { boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** stored lowercased: one user per address */
  email: text('email').notNull().unique(),
  name: text('name'),
  /** an instance operator: the first user (first-run setup), and whom an operator makes one */
  isOperator: boolean('is_operator').notNull().default(false),
  /**
   * when the person first proved they hold the address (a mailed sign-in link, single sign-on with a
   * verified address, the first-run setup, an operator's bootstrap); null for a user made by an invite
   * token, which the inviter saw too. What is made for a user before this is marked `without_proof`.
   */
  mailboxProvenAt: timestamp('mailbox_proven_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);
