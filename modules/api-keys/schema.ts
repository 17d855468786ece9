import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/schema';
import { workspaces } from '../workspaces/schema';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** the key acts with its user's current membership role (the invite key): a promotion reaches it too */
    followsMembership: boolean('follows_membership').notNull().default(false),
    /** made while its user had not proven their mailbox: their first proven sign-in deletes it */
    withoutProof: boolean('without_proof').notNull().default(false),
    /** SHA-256 of the full key, hex: the key itself is never stored */
    keyHash: text('key_hash').notNull().unique(),
    /** the first characters, so a person can tell keys apart */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_workspace_idx').on(t.workspaceId)],
);
