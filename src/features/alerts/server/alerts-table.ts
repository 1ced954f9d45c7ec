import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';
import type { JobSearch } from '@/features/jobs/schema';

export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    locale: text('locale').notNull(),
    search: jsonb('search').$type<JobSearch>().notNull(),
    /** The search in a canonical form: one subscription per address and search. */
    searchKey: text('search_key').notNull(),
    frequency: text('frequency').notNull(),
    /** pending (not confirmed yet), active, paused. */
    status: text('status').notNull().default('pending'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    confirmedAt: timestamptz('confirmed_at'),
    confirmationSentAt: timestamptz('confirmation_sent_at'),
    /** Jobs posted after this go into the next digest. */
    lastDigestAt: timestamptz('last_digest_at'),
    nextDigestAt: timestamptz('next_digest_at'),
  },
  (t) => [
    uniqueIndex('alert_subscriptions_email_search_idx').on(t.email, t.searchKey),
    index('alert_subscriptions_due_idx')
      .on(t.nextDigestAt)
      .where(sql`${t.status} = 'active'`),
  ],
);

export type AlertSubscription = typeof alertSubscriptions.$inferSelect;
