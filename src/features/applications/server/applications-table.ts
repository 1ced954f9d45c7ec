import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';

/**
 * A CV on its way in or kept: asked for (pending), being received (receiving), checked and kept
 * (stored), then part of a CV submission or an application (attached, with its lead). Rows that
 * never get attached are removed with their file after an hour.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The fileId the browser knows. */
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    info: text('info').notNull().default(''),
    locale: text('locale').notNull(),
    /** The visitor's name for the file, made safe; its extension is that of the real type once checked. */
    filename: text('filename').notNull(),
    declaredType: text('declared_type').notNull(),
    declaredSize: integer('declared_size').notNull(),
    /** Where the bytes are, in the storage (a generated key). */
    storageKey: text('storage_key').notNull(),
    status: text('status').notNull().default('pending'),
    /** The type found in the bytes, and their size. */
    contentType: text('content_type'),
    size: integer('size'),
    leadId: text('lead_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    storedAt: timestamptz('stored_at'),
  },
  (t) => [
    index('uploads_lead_idx').on(t.leadId),
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'attached'`),
  ],
);
export type Upload = typeof uploads.$inferSelect;

/** The consultancy's own open roles, shown on /careers. */
export const positions = pgTable('positions', {
  /** Used in the address: /careers/{id}. */
  id: text('id').primaryKey(),
  role: text('role').notNull(),
  /** The language the description is written in. */
  locale: text('locale').notNull(),
  /** Sanitized HTML. */
  description: text('description').notNull(),
  location: text('location').notNull().default(''),
  published: boolean('published').notNull().default(true),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
export type Position = typeof positions.$inferSelect;
