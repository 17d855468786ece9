import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';
import { linkFieldColumns } from './fields';

export const links = pgTable(
  'links',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** host of the short link: the default domain or one of the workspace's custom domains */
    domain: text('domain').notNull(),
    slug: text('slug').notNull(),
    target: text('target').notNull(),
    ...linkFieldColumns,
    /** set once by the visit that fires `link.expired` (UPDATE … WHERE expired_event_sent_at IS NULL) */
    expiredEventSentAt: timestamp('expired_event_sent_at', { withTimezone: true }),
    clickCount: bigint('click_count', { mode: 'number' }).notNull().default(0),
    /** user ID of the creator */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('links_domain_slug_idx').on(t.domain, t.slug),
    index('links_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('links_tags_idx').using('gin', t.tags),
    index('links_monitoring_idx').on(t.id).where(sql`${t.monitoring}`),
  ],
);
