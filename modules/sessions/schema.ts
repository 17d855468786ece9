import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../members/schema';

/** One-time sign-in links (single use, 15 minutes); only the token's SHA-256 is kept. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    /** stored lowercased, like users.email: the link signs in whoever owns the address when it is used */
    email: text('email').notNull(),
    /** asked for by an unknown address under ALLOW_SIGNUP: using it creates the user and a Free workspace */
    signup: boolean('signup').notNull().default(false),
    /** sent to the address by mail (using it proves the mailbox); false for the operator's login-link */
    mailed: boolean('mailed').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_links_email_idx').on(t.email)],
);

/** Dashboard sessions (30 days, sliding); the cookie's random id is kept only as its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** the browser that signed in, shown in the person's list of open sessions (cut to 300 characters) */
    userAgent: text('user_agent'),
    /** opened while the user had not proven their mailbox: their first proven sign-in ends it */
    withoutProof: boolean('without_proof').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The first-run setup link's token, while the instance has no user: one row, made at the first
 * start and printed at each start until it is used (kept as it is: it has to be printed again).
 */
export const setupTokens = pgTable(
  'setup_tokens',
  {
    id: integer('id').primaryKey().default(1),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('setup_tokens_one_row', sql`${t.id} = 1`)],
);

/**
 * Single sign-on attempts under way (10 minutes, single use): what the callback checks the provider's
 * answer against. The browser holds a random cookie; the row is found by its SHA-256, so a callback
 * URL opened in another browser (login CSRF) finds nothing.
 */
export const oidcLogins = pgTable('oidc_logins', {
  id: text('id').primaryKey(),
  browserHash: text('browser_hash').notNull().unique(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
