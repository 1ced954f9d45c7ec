import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';
import type { HeldJob } from './held-jobs';

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
    /** Why it is suspected of spam (`too_fast`); null for a lead that went through. */
    spam: text('spam'),
    /** The mails and CRM delivery a suspected lead would have queued, sent when staff release it. */
    held: jsonb('held').$type<HeldJob[]>(),
    /** Where sales are with it (LEAD_STATUSES); for an application or a CV, where recruiters are (APPLICANT_STATUSES). */
    status: text('status').notNull().default('new'),
    /** Why it was lost (a sentence of the member who closed it). */
    lostReason: text('lost_reason'),
    /** The staff member working on it. */
    assigneeId: text('assignee_id'),
    /**
     * A hired applicant whose record a recruiter chose to keep: retention leaves it (and its CV)
     * until this is undone or the person asks for erasure. Who chose it is in the audit log too.
     */
    keptAt: timestamptz('kept_at'),
    /** The staff member who chose to keep it. */
    keptBy: text('kept_by'),
    /**
     * What the inbox's search box looks in: the address, name and company, lower-case, one per
     * line. A search is a part of any of them (`like '%…%'`), which no b-tree index serves, and
     * pg_trgm is an extension PGlite would have to load: the inbox scans this one short column
     * instead of extracting and case-folding three values from each row (2.5-5× faster on 100,000
     * leads, `npm run bench:office`).
     */
    search: text('search')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce("email", '') || chr(10) || coalesce("form"->>'name', '') || chr(10) || coalesce("form"->>'company', ''))`,
      ),
  },
  (t) => [
    index('leads_created_idx').on(t.createdAt),
    // The office's inbox: newest first, a page at a time (keyset on the time and id).
    index('leads_inbox_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.spam} is null`),
    // The recruiters' list: applications and CVs only, newest first.
    index('leads_applicants_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.spam} is null and ${t.type} in ('job_application', 'cv')`),
    // One job's or position's applicants (its board, its count, the list filtered by it): without
    // it every application is read for its JSON target (130 ms on PGlite at 100,000 applications).
    index('leads_applicant_target_idx')
      .on(sql`(${t.form}->'target'->>'id')`, t.createdAt)
      .where(sql`${t.spam} is null and ${t.type} = 'job_application'`),
    index('leads_email_idx').on(t.email),
    // Filtering by utm source: the planner has no statistics on the JSON value without this index
    // and scanned the whole table for a rare source; with it, a source's leads newest first.
    index('leads_source_idx')
      .on(sql`(${t.utm}->>'source')`, t.createdAt, t.id)
      .where(sql`${t.spam} is null`),
    // The spam folder and its 30-day retention read only the few suspected leads.
    index('leads_spam_idx')
      .on(t.createdAt)
      .where(sql`${t.spam} is not null`),
  ],
);
export type Lead = typeof leads.$inferSelect;

/** Staff notes on a lead, oldest first; erased with the lead. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: text('id').primaryKey(),
    leadId: text('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    authorId: text('author_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('lead_notes_lead_idx').on(t.leadId, t.createdAt)],
);
export type LeadNote = typeof leadNotes.$inferSelect;
