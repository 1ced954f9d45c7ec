import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';

export interface DailyCount {
  jobId: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  views: number;
  applyClicks: number;
}

/**
 * Adds counts to the days' rows in one statement. Only jobs that exist are counted: an address
 * may name any id, and a job deleted since is simply skipped (no foreign key error).
 */
export async function addDailyCounts(db: DbOrTx, counts: DailyCount[]): Promise<void> {
  if (counts.length === 0) return;
  const rows = JSON.stringify(counts.map((c) => ({ job_id: c.jobId, day: c.day, views: c.views, apply_clicks: c.applyClicks })));
  await db.execute(sql`
    insert into job_daily_stats (job_id, day, views, apply_clicks)
    select c.job_id, c.day, sum(c.views), sum(c.apply_clicks)
    from json_to_recordset(${rows}::json) as c(job_id text, day date, views int, apply_clicks int)
    where exists (select 1 from jobs where jobs.id = c.job_id)
    group by c.job_id, c.day
    on conflict (job_id, day) do update set
      views = job_daily_stats.views + excluded.views,
      apply_clicks = job_daily_stats.apply_clicks + excluded.apply_clicks`);
}

/** A job's rows of the last `days` days (UTC, today included), newest first. */
export async function findDailyCounts(db: DbOrTx, jobId: string, days: number): Promise<Omit<DailyCount, 'jobId'>[]> {
  const result = (await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, views, apply_clicks
    from job_daily_stats
    where job_id = ${jobId} and day > (now() at time zone 'utc')::date - ${days}::int
    order by day desc`)) as unknown as { rows: { day: string; views: number; apply_clicks: number }[] };
  return result.rows.map((r) => ({ day: r.day, views: Number(r.views), applyClicks: Number(r.apply_clicks) }));
}
