import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns';

/**
 * One row per mail handed to the SMTP server. The queue retries a failed send; this table
 * lets a retry after a crash see that the mail already left, so it is not sent twice.
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  key: text('key').primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  messageId: text('message_id').notNull(),
  sentAt: timestamptz('sent_at').notNull().defaultNow(),
});
