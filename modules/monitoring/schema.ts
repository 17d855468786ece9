import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { links } from '../links/schema';

/** Last known health of a monitored link; a row appears with its first check. */
export const linkHealth = pgTable('link_health', {
  linkId: text('link_id').primaryKey().references(() => links.id, { onDelete: 'cascade' }),
  /** `ok` | `broken` */
  state: text('state').notNull(),
  /** status of the last answer; null when the last check got none */
  lastStatus: integer('last_status'),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});
