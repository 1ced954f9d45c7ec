import 'server-only';
import { and, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { features } from '../features';
import type { OfficeRole } from './staff-tables';

/** Weeks start on Monday, UTC; the dashboard shows this week and the 12 before. */
const DASHBOARD_WEEKS = 13;

/** A figure counted per week (a message key of Dashboard.series). */
interface DashboardSeries {
  key: string;
  roles: readonly OfficeRole[];
  /** Counts by the Monday (YYYY-MM-DD) of their week, since `since`. */
  weekly(db: Db, since: Date): Promise<Map<string, number>>;
}

/** Work waiting for someone (a message key of Dashboard), with where to do it. */
interface DashboardWaiting {
  key: string;
  roles: readonly OfficeRole[];
  /** Where the work is done in the office, once it has a page. */
  href?: string;
  count(db: Db): Promise<number>;
}

/** This week's figure split by something (kind, language, source): label → count. */
interface DashboardBreakdown {
  key: string;
  roles: readonly OfficeRole[];
  split(db: Db, since: Date): Promise<[string, number][]>;
}

export interface DashboardContribution {
  series?: DashboardSeries[];
  waiting?: DashboardWaiting[];
  breakdowns?: DashboardBreakdown[];
}

/** The Monday 00:00 UTC of a date's week. */
function weekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

/** Rows of `table` counted by the week of `at`, since `since`, with an optional condition. */
export async function weeklyCounts(db: Db, table: PgTable, at: PgColumn, since: Date, where?: SQL): Promise<Map<string, number>> {
  const week = sql<string>`to_char(date_trunc('week', ${at} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ week, n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(gte(at, since), where))
    .groupBy(week);
  return new Map(rows.map((r) => [r.week, Number(r.n)]));
}

export interface Dashboard {
  weeks: string[];
  series: { key: string; counts: number[] }[];
  waiting: { key: string; href?: string; count: number }[];
  breakdowns: { key: string; rows: [string, number][] }[];
}

/** What a member of this role may see: every feature's figures for the 13 weeks to `now`. */
export async function dashboardFor(db: Db, role: OfficeRole, now = new Date()): Promise<Dashboard> {
  const thisWeek = weekStart(now);
  const since = new Date(thisWeek.getTime() - (DASHBOARD_WEEKS - 1) * 7 * 86_400_000);
  const weeks = Array.from({ length: DASHBOARD_WEEKS }, (_, i) =>
    new Date(since.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10),
  );
  const parts = features().flatMap((f) => (f.dashboard ? [f.dashboard] : []));
  const mine = <T extends { roles: readonly OfficeRole[] }>(list: T[] | undefined) => (list ?? []).filter((x) => x.roles.includes(role));
  const series = await Promise.all(
    parts
      .flatMap((p) => mine(p.series))
      .map(async (s) => {
        const counts = await s.weekly(db, since);
        return { key: s.key, counts: weeks.map((w) => counts.get(w) ?? 0) };
      }),
  );
  const waiting = await Promise.all(
    parts.flatMap((p) => mine(p.waiting)).map(async (w) => ({ key: w.key, href: w.href, count: await w.count(db) })),
  );
  const breakdowns = await Promise.all(
    parts.flatMap((p) => mine(p.breakdowns)).map(async (b) => ({ key: b.key, rows: await b.split(db, thisWeek) })),
  );
  return { weeks, series, waiting, breakdowns };
}
