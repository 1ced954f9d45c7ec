import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './db/columns';

/**
 * When the cached pages of a tag were last marked stale, for the web nodes of a deployment
 * without Redis (page-marks.ts): each node reads the marks made since it last looked.
 */
export const pageMarks = pgTable('page_marks', {
  tag: text('tag').primaryKey(),
  markedAt: timestamptz('marked_at').notNull().defaultNow(),
});
