import { isNull } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** stored lowercased: one user per address */
  email: text('email').notNull().unique(),
  name: text('name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const invites = pgTable(
  'invites',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    /** stored lowercased, like users.email */
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** the credential of the accept call; the spec lists it on the Invite, so it is kept readable for admins */
    token: text('token').notNull(),
    invitedBy: text('invited_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invites_token_idx').on(t.token),
    // one open invite per address and workspace (expired ones are cleared before a new invite)
    uniqueIndex('invites_open_email_idx').on(t.workspaceId, t.email).where(isNull(t.acceptedAt)),
  ],
);
