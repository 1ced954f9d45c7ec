import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns';

/**
 * One row per mail handed to the SMTP server: written as 'sending' before the SMTP call and
 * 'sent' once the server took it. The queue retries a failed send; this table lets a retry see
 * that the mail already left (not sent again), or that an earlier try's outcome is unknown.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    key: text('key').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    messageId: text('message_id').notNull(),
    status: text('status', { enum: ['sending', 'sent'] })
      .notNull()
      .default('sent'),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [
    // Keys end with the record they are about (`lead-notification:<lead id>`): a lead's page finds
    // its mails by this last part, without reading every mail ever sent.
    index('mail_deliveries_record_idx').on(sql`split_part(${t.key}, ':', -1)`),
  ],
);
