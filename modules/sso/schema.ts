import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { workspaces } from '../workspaces/schema';

/**
 * E-mail domains a workspace captures: once its TXT record is verified, a person signing in by single
 * sign-on with an address there joins the workspace with `default_role`. Many workspaces may claim a
 * domain, one may verify it (a claim alone blocks nobody).
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** lowercase, e.g. example.com: addresses `…@example.com` (not its subdomains) */
    domain: text('domain').notNull(),
    /** the token of the TXT value `linkhop-verify=<token>` at `_linkhop.<domain>`, as for custom domains */
    verifyToken: text('verify_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    defaultRole: text('default_role').notNull().default('viewer'),
    /** the e-mail sign-in link is refused for addresses of the domain: they sign in by single sign-on */
    ssoRequired: boolean('sso_required').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_domains_workspace_domain_idx').on(t.workspaceId, t.domain),
    uniqueIndex('sso_domains_verified_domain_idx').on(t.domain).where(sql`${t.verifiedAt} is not null`),
    index('sso_domains_workspace_idx').on(t.workspaceId),
  ],
);
