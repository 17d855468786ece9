import { date, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

/** Metadata of a workspace's tags; the tags themselves live on the links (`links.tags`). */
export const tags = pgTable(
  'tags',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default(''),
    description: text('description').notNull().default(''),
    dateFrom: date('date_from', { mode: 'string' }),
    dateTo: date('date_to', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.name] })],
);
