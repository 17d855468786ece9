import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { links } from '../links/schema';

/** Last known health of a monitored link; a row appears with its first check. */
export const linkHealth = pgTable('link_health', {
  linkId: text('link_id')
    .primaryKey()
    .references(() => links.id, { onDelete: 'cascade' }),
  /** `ok` | `broken` */
  state: text('state').notNull(),
  /** status of the last answer; null when the last check got none */
  lastStatus: integer('last_status'),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each change of a monitored link's state, as announced (`link.broken` / `link.recovered`): the link's health history. */
export const linkHealthEvents = pgTable(
  'link_health_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: text('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    /** `link.broken` | `link.recovered` */
    type: text('type').notNull(),
    /** the status of the answer that changed the state */
    status: integer('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('link_health_events_link_at_idx').on(t.linkId, t.at)],
);
