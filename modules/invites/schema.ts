import { isNull } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../members/schema';
import { workspaces } from '../workspaces/schema';

export const invites = pgTable(
  'invites',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** stored lowercased, like users.email */
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** SHA-256 of the invite token, hex: how an accept finds its invite */
    tokenHash: text('token_hash').notNull(),
    /** the token itself, sealed with the instance's secrets key (the invite list shows it); null for invites made before it was kept */
    tokenSealed: text('token_sealed'),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invites_token_hash_idx').on(t.tokenHash),
    // one open invite per address and workspace (expired ones are cleared before a new invite)
    uniqueIndex('invites_open_email_idx').on(t.workspaceId, t.email).where(isNull(t.acceptedAt)),
  ],
);
