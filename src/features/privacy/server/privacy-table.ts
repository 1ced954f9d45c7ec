import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';
import type { PersonErasure } from '@/server/features';

/**
 * A person's request for a copy or the erasure of what the site keeps with their address. It
 * counts once confirmed through the link mailed to that address; the steps after that are in the
 * audit log under its id.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: text('id').primaryKey(),
    /** copy or erasure. */
    kind: text('kind', { enum: ['copy', 'erasure'] }).notNull(),
    /** Lower-case. Kept with the request as the record that it was answered (docs/decisions/035). */
    email: text('email').notNull(),
    /** The language its mails are written in. */
    locale: text('locale').notNull(),
    /** unconfirmed → confirmed (being worked) → done; a copy also goes ready → expired. */
    status: text('status', { enum: ['unconfirmed', 'confirmed', 'ready', 'done', 'expired'] })
      .notNull()
      .default('unconfirmed'),
    /** The staff member who opened it for an address that wrote to them; null when the visitor asked on the site. */
    openedBy: text('opened_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    confirmedAt: timestamptz('confirmed_at'),
    /** The legal deadline: a month from the confirmation (30 days). */
    dueAt: timestamptz('due_at'),
    completedAt: timestamptz('completed_at'),
    /** The copy's file in the storage, until its link expires. */
    fileKey: text('file_key'),
    fileExpiresAt: timestamptz('file_expires_at'),
    /** What an erasure deleted and kept (counts and grounds, no personal data). */
    outcome: jsonb('outcome').$type<PersonErasure>(),
  },
  (t) => [
    // The office's list: newest first.
    index('privacy_requests_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The retention rule reads the copies whose link expired.
    index('privacy_requests_file_idx')
      .on(t.fileExpiresAt)
      .where(sql`${t.fileKey} is not null`),
  ],
);
export type PrivacyRequest = typeof privacyRequests.$inferSelect;
