import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../members/schema';
import { workspaces } from '../workspaces/schema';

/**
 * A Slack team linked to a workspace: its `/linkhop` commands act as the owner who linked it, with
 * `role` (capped by that owner's current membership role, as an API key is).
 */
export const slackLinks = pgTable(
  'slack_links',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Slack's team id (`T…`), as the command's `team_id` sends it */
    teamId: text('team_id').notNull(),
    /** a name for people (the Slack workspace's), shown in the dashboard */
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** the Slack app's signing secret, sealed with the instance's secrets key (context `slack:<id>`); never answered */
    secretSealed: text('secret_sealed').notNull(),
    /** the domain new links take (the default domain when null): back-halves need a custom domain */
    domain: text('domain'),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('slack_links_workspace_team_idx').on(t.workspaceId, t.teamId), index('slack_links_team_idx').on(t.teamId)],
);
