import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { links } from '../links/schema';
import { workspaces } from '../workspaces/schema';

/** One row per recorded visit. `id` is made at redirect time, so re-delivered batches insert nothing twice. */
export const clicks = pgTable(
  'clicks',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id').notNull().references(() => links.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    slug: text('slug').notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    /** ISO country code */
    country: text('country'),
    referer: text('referer'),
    browser: text('browser'),
    os: text('os'),
    /** desktop, mobile or tablet */
    device: text('device'),
    language: text('language'),
  },
  (t) => [index('clicks_workspace_time_idx').on(t.workspaceId, t.clickedAt), index('clicks_link_time_idx').on(t.linkId, t.clickedAt)],
);
