import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../members/schema';
import { workspaces } from '../workspaces/schema';

/** An app registered by dynamic client registration: a public client (no secret; PKCE protects its codes). */
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  /** the name the app gave itself: shown on the consent page as the app's own claim */
  name: text('name').notNull(),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A person's consent: one app acting in one workspace with at most one role (their membership caps it at each use). */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** the RFC 8707 resource the tokens are for (the MCP endpoint) */
    resource: text('resource').notNull(),
    /** consented while the user had not proven their mailbox: their first proven sign-in revokes it (tokens go by cascade) */
    withoutProof: boolean('without_proof').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('oauth_grants_user_idx').on(t.userId), index('oauth_grants_client_idx').on(t.clientId)],
);

/** An authorization code, stored hashed; kept after its one use so a replay can revoke what it gave. */
export const oauthCodes = pgTable(
  'oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    /** S256 of the client's code verifier, base64url */
    codeChallenge: text('code_challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('oauth_codes_expires_idx').on(t.expiresAt)],
);

/** Access and refresh tokens, stored hashed. A rotated refresh token stays (rotated_at) so that its reuse revokes the grant. */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    grantId: text('grant_id')
      .notNull()
      .references(() => oauthGrants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'access' | 'refresh'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('oauth_tokens_grant_idx').on(t.grantId)],
);
