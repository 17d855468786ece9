import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Plan } from '../../core/plans';

export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    // typed as the plan union: the API writes only plans (restore checks the rows too)
    plan: text('plan').$type<Plan>().notNull().default('free'),
    gaId: text('ga_id'),
    gaApiSecret: text('ga_api_secret'),
    fbPixelId: text('fb_pixel_id'),
    fbAccessToken: text('fb_access_token'),
    retargetingScripts: jsonb('retargeting_scripts').$type<string[]>(),
    defaultUtmParams: jsonb('default_utm_params').$type<Record<string, string>>(),
    governance: jsonb('governance').$type<Record<string, unknown>>(),
    expiredPageUrl: text('expired_page_url'),
    /** new links track conversions unless they say otherwise (Pro+) */
    trackConversionsDefault: boolean('track_conversions_default').notNull().default(false),
    /** a lead is attributed to a click at most this many days old */
    attributionWindowDays: integer('attribution_window_days').notNull().default(90),
    parentWorkspaceId: text('parent_workspace_id').references((): AnyPgColumn => workspaces.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspaces_parent_idx').on(t.parentWorkspaceId)],
);
