import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    /** The operator's id for the job: importing the same id again updates it. */
    externalId: text('external_id').unique(),
    position: text('position').notNull(),
    company: text('company'),
    dashboards: text('dashboards').array().notNull(),
    industry: text('industry').notNull(),
    remoteAllowance: text('remote_allowance').notNull(),
    candidateLocations: text('candidate_locations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contractType: text('contract_type').notNull(),
    workSchedule: text('work_schedule').notNull(),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency'),
    salaryPeriod: text('salary_period'),
    /** The salary as US dollars a year (midpoint of the range), for the remuneration filter. */
    salaryUsdYear: integer('salary_usd_year'),
    clientLocation: text('client_location'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shortDescription: text('short_description').notNull(),
    /** Sanitized when stored. */
    descriptionHtml: text('description_html'),
    applyUrl: text('apply_url'),
    validThrough: timestamptz('valid_through'),
    /** Closed by staff: it left the board then (valid_through was set to that moment). */
    closedAt: timestamptz('closed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Position, company, location, tags and short description, for free-text search. */
    searchText: text('search_text').notNull(),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, "search_text")`),
  },
  (t) => [
    // Matches ORDER BY created_at DESC, id DESC (Postgres puts NULLs first there).
    index('jobs_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('jobs_dashboards_idx').using('gin', t.dashboards),
    index('jobs_search_idx').using('gin', t.search),
    // jobs_count_idx (migration 0003, written by hand: it needs INCLUDE) serves counts.
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;
