import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';

/** Every form a visitor sent and was told succeeded. */
export const leads = pgTable(
  'leads',
  {
    id: text('id').primaryKey(),
    /** contact, callback, demo, feedback, quote, trial (a free-trial sign-up). */
    type: text('type').notNull(),
    locale: text('locale').notNull(),
    email: text('email'),
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    page: text('page').notNull(),
    referrer: text('referrer').notNull(),
    utm: jsonb('utm').$type<Record<string, string>>().notNull(),
    /** The consent notice shown: its message key, language, a hash of its text, and when. */
    consent: jsonb('consent').$type<{ notice: string; locale: string; sha256: string; at: string } | null>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('leads_created_idx').on(t.createdAt)],
);
export type Lead = typeof leads.$inferSelect;
