import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { jobs } from './jobs-table';

/**
 * Each job's page views and apply clicks, one row per job and day (UTC). Counted on the server as
 * requests arrive, without a cookie or a script (src/features/jobs/job-visit.ts).
 */
export const jobDailyStats = pgTable(
  'job_daily_stats',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    applyClicks: integer('apply_clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.day] })],
);
