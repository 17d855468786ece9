import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

/**
 * Logos drawn in the middle of QR codes: PNG or JPEG files as uploaded (checked and decoded on
 * upload), base64 in `data` (a text column reads the same through postgres.js and PGlite). One of a
 * workspace's logos may be its workspace logo, which `logo=workspace` asks for.
 */
export const qrLogos = pgTable(
  'qr_logos',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** hex SHA-256 of the file: the same file uploaded again is the same logo */
    sha256: text('sha256').notNull(),
    data: text('data').notNull(),
    workspaceLogo: boolean('workspace_logo').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qr_logos_file_idx').on(t.workspaceId, t.sha256),
    uniqueIndex('qr_logos_workspace_logo_idx').on(t.workspaceId).where(sql`${t.workspaceLogo}`),
    index('qr_logos_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);
