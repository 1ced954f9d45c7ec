import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';

/**
 * The answer given to each form sent with an Idempotency-Key, written in the transaction that
 * stored the form: a visitor who presses again (the first answer never arrived) gets that answer,
 * and nothing is stored twice. Kept a day; no personal data (the answer is `ok` and an id at most).
 */
export const formReceipts = pgTable('form_receipts', {
  key: text('key').primaryKey(),
  type: text('type').notNull(),
  answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
