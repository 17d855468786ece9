import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { links } from '../links/schema';
import { workspaces } from '../workspaces/schema';

export interface PortfolioStyle {
  bg_color?: string;
  text_color?: string;
  accent_color?: string;
}
export interface PortfolioConfig {
  show_clicks: boolean;
  show_trend: boolean;
  style: PortfolioStyle;
}

export const portfolios = pgTable(
  'portfolios',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** the public address `{site_url}/p/{slug}`: unique across all workspaces */
    slug: text('slug').notNull().unique(),
    description: text('description'),
    config: jsonb('config').$type<PortfolioConfig>().notNull(),
    /** user ID of the creator */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolios_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** The links of a portfolio; deleting either side only removes the membership. */
export const portfolioLinks = pgTable(
  'portfolio_links',
  {
    portfolioId: text('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    linkId: text('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.portfolioId, t.linkId] }), index('portfolio_links_link_idx').on(t.linkId)],
);
