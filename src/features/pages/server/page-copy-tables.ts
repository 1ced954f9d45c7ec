import { integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';

/**
 * A page's copy in one locale (decision 064): what the public page shows (`published`) and the
 * draft the marketing team is working on. `content/<page>/<locale>.json` fills `published` while
 * no member has published the page (`published_by` null): a release brings its new copy to such a
 * page, never to one a member published.
 */
export const pageCopy = pgTable(
  'page_copy',
  {
    /** A ContentPage: `about`, `terms`… */
    page: text('page').notNull(),
    locale: text('locale').notNull(),
    /** Null until the first publish of a copy created in the office (a new case study's). */
    published: jsonb('published'),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
    /** The staff member who last published; null while it is the release's copy. */
    publishedBy: text('published_by'),
    /** The SHA-256 of the content file the published copy last came from (null once a member published). */
    releaseHash: text('release_hash'),
    draft: jsonb('draft'),
    draftSavedAt: timestamptz('draft_saved_at'),
    draftSavedBy: text('draft_saved_by'),
    /** When the draft is to be published by the queue, and who asked (null when nothing is scheduled). */
    scheduledAt: timestamptz('scheduled_at'),
    scheduledBy: text('scheduled_by'),
  },
  (t) => [primaryKey({ columns: [t.page, t.locale] })],
);

/** Every copy a page was published with, numbered per page and locale: the history restores from it. */
export const pageCopyVersions = pgTable(
  'page_copy_versions',
  {
    id: text('id').primaryKey(),
    page: text('page').notNull(),
    locale: text('locale').notNull(),
    version: integer('version').notNull(),
    content: jsonb('content').notNull(),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
    /** Null for a release's copy. */
    publishedBy: text('published_by'),
  },
  (t) => [uniqueIndex('page_copy_versions_page_idx').on(t.page, t.locale, t.version)],
);

export type PageCopyRow = typeof pageCopy.$inferSelect;
export type PageCopyVersionRow = typeof pageCopyVersions.$inferSelect;
