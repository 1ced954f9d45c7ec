import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';
import { jobs } from '@/features/jobs/server/tables';
import type { JobListing } from '../schema';

/**
 * Jobs posted by employers. The listing they sent waits here for review (`draft`); once approved
 * it is a row of `jobs` (`job_id`), which later edits leave unchanged until they are approved too.
 */
export const jobPostings = pgTable(
  'job_postings',
  {
    id: text('id').primaryKey(),
    /** The contact's address, lower-case: confirmed through the link mailed to it. */
    email: text('email').notNull(),
    contactName: text('contact_name').notNull(),
    company: text('company').notNull(),
    /** The language the employer wrote in: its mails and its private page. */
    locale: text('locale').notNull(),
    /**
     * unconfirmed (the address not confirmed yet), pending (waiting for review), approved (its
     * job is or was on the board), rejected (never approved), closed (taken off by the employer).
     */
    state: text('state').notNull().default('unconfirmed'),
    /** The version waiting for review; null once reviewed. */
    draft: jsonb('draft').$type<JobListing>(),
    /** The version on the board (as the employer wrote it, for the next edit). */
    listing: jsonb('listing').$type<JobListing>(),
    jobId: text('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** Why the last version sent was rejected (mailed to the employer); cleared by the next approval. */
    rejectionReason: text('rejection_reason'),
    /** Suspected of spam by the form's traps (docs/decisions/030): no mail is sent for it. */
    spam: text('spam'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    confirmedAt: timestamptz('confirmed_at'),
    submittedAt: timestamptz('submitted_at'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: text('reviewed_by'),
    /** The end date the expiry notice was mailed for: one notice per end date. */
    noticeFor: timestamptz('notice_for'),
  },
  (t) => [
    index('job_postings_review_idx')
      .on(t.submittedAt)
      .where(sql`${t.state} = 'pending'`),
    index('job_postings_email_idx').on(t.email),
    index('job_postings_job_idx').on(t.jobId),
  ],
);

export type JobPosting = typeof jobPostings.$inferSelect;
export type NewJobPosting = typeof jobPostings.$inferInsert;
