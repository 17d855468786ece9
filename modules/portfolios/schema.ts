import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { links } from '../links/schema';
import { workspaces } from '../workspaces/schema';
import type { Style } from './shared';

export type PortfolioStyle = Style;
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
    /** changes with each avatar upload (part of the avatar's URL); null: no avatar */
    avatarVersion: text('avatar_version'),
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

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // postgres.js types a parameter by its value: a Buffer is sent as bytea (PGlite takes either)
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  // postgres.js gives a Buffer, PGlite a Uint8Array: both are Uint8Arrays
  fromDriver: (value) => new Uint8Array(value),
});

/** A portfolio's avatar image, apart so that lists and pages never read its bytes. */
export const portfolioAvatars = pgTable('portfolio_avatars', {
  portfolioId: text('portfolio_id')
    .primaryKey()
    .references(() => portfolios.id, { onDelete: 'cascade' }),
  /** the detected type (file-type), one of AVATAR_TYPES: what the image is served as */
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
