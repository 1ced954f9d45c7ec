import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';

/**
 * The case studies: each one's address and place on the home page. Its copy, per locale, is page
 * copy (page_copy, keyed `case-study-<id>`), with the drafts, versions and schedule of every page.
 */
export const caseStudies = pgTable('case_studies', {
  /** The slug it was created with; its copy's key, which a later change of slug leaves as it is. */
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  /** Its place among the case studies on the home page (1–3), or null when it is not there. */
  homeRank: integer('home_rank'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** The member who created it; null for the release's. */
  createdBy: text('created_by'),
});

export type CaseStudyRow = typeof caseStudies.$inferSelect;

/** A case study's earlier addresses: each answers 308 to its current one. */
export const caseStudyRedirects = pgTable(
  'case_study_redirects',
  {
    fromSlug: text('from_slug').primaryKey(),
    caseStudyId: text('case_study_id')
      .notNull()
      .references(() => caseStudies.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('case_study_redirects_study_idx').on(t.caseStudyId)],
);
