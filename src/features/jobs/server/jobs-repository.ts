import 'server-only';
import {
  and,
  arrayContains,
  arrayOverlaps,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import type { JobSearch } from '../schema';
import type { JobPosition } from './cursor';
import { jobs, type JobRow, type NewJobRow } from './jobs-table';

import { REMUNERATION_LIMITS_USD } from './salary';

const { low: USD_50K, high: USD_100K } = REMUNERATION_LIMITS_USD;

/** Words of the free text as a prefix query: letters and digits only, so nothing is an operator. */
export function toPrefixQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => (w.length > 1 ? `${w}:*` : w)).join(' & ') : null;
}

function live(): SQL {
  return or(isNull(jobs.validThrough), gt(jobs.validThrough, sql`now()`))!;
}

function searchConditions(search: JobSearch, { liveOnly = true } = {}): SQL[] {
  const f = search.filters;
  const conditions: (SQL | undefined)[] = [
    liveOnly ? live() : undefined,
    search.dashboard === 'all' ? undefined : arrayContains(jobs.dashboards, [search.dashboard]),
    f.industry && eq(jobs.industry, f.industry),
    f.remote_work_allowance && eq(jobs.remoteAllowance, f.remote_work_allowance),
    f.candidate_location_allowance && arrayContains(jobs.candidateLocations, [f.candidate_location_allowance]),
    f.contract_type && eq(jobs.contractType, f.contract_type),
    f.work_schedule_type && eq(jobs.workSchedule, f.work_schedule_type),
    f.remuneration_range === 'lessfifty' ? lt(jobs.salaryUsdYear, USD_50K) : undefined,
    f.remuneration_range === 'between' ? sql`${jobs.salaryUsdYear} between ${USD_50K} and ${USD_100K}` : undefined,
    f.remuneration_range === 'higherthan' ? gt(jobs.salaryUsdYear, USD_100K) : undefined,
  ];
  const query = toPrefixQuery(search.queryText);
  if (query) conditions.push(sql`${jobs.search} @@ to_tsquery('simple', ${query})`);
  return conditions.filter((c): c is SQL => !!c);
}

// What a card shows: not the description itself nor the search columns, the bulk of a row.
const cardColumns = {
  id: jobs.id,
  position: jobs.position,
  company: jobs.company,
  remoteAllowance: jobs.remoteAllowance,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  salaryCurrency: jobs.salaryCurrency,
  salaryPeriod: jobs.salaryPeriod,
  clientLocation: jobs.clientLocation,
  tags: jobs.tags,
  shortDescription: jobs.shortDescription,
  hasDescription: sql<boolean>`${jobs.descriptionHtml} is not null`,
  createdAt: jobs.createdAt,
  dashboards: jobs.dashboards,
  applyUrl: jobs.applyUrl,
};
export type JobCardRow = { [K in keyof typeof cardColumns]: K extends 'hasDescription' ? boolean : JobRow[Exclude<K, 'hasDescription'>] };

/** One page, newest first, after `after` (keyset); one extra row tells whether more follow. */
export async function findJobsPage(db: DbOrTx, search: JobSearch, after: JobPosition | null, limit: number): Promise<JobCardRow[]> {
  const where = searchConditions(search);
  if (after) where.push(sql`(${jobs.createdAt}, ${jobs.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`);
  return db
    .select(cardColumns)
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit + 1);
}

/** How many jobs match, counting no further than `cap + 1` (so a broad search stays cheap). */
/** Live jobs of a search posted in (since, until], newest first. */
export async function findJobsPostedBetween(db: DbOrTx, search: JobSearch, since: Date, until: Date, limit: number): Promise<JobCardRow[]> {
  const where = searchConditions(search);
  where.push(gt(jobs.createdAt, since), sql`${jobs.createdAt} <= ${until.toISOString()}::timestamptz`);
  return db
    .select(cardColumns)
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

export async function countJobs(db: DbOrTx, search: JobSearch, cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1` })
    .from(jobs)
    .where(and(...searchConditions(search)))
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}

export async function findLiveJob(db: DbOrTx, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), live()));
  return row;
}

/**
 * The newest live jobs on any of `dashboards`, but for those of `exclude`; of one industry when it
 * is given. Served by the newest-first index, like the board's first page.
 */
export async function findNewestLiveJobs(
  db: DbOrTx,
  { dashboards, industry, exclude }: { dashboards: string[]; industry?: string; exclude: string[] },
  limit: number,
): Promise<JobCardRow[]> {
  return db
    .select(cardColumns)
    .from(jobs)
    .where(
      and(
        live(),
        arrayOverlaps(jobs.dashboards, dashboards),
        industry ? eq(jobs.industry, industry) : undefined,
        exclude.length ? notInArray(jobs.id, exclude) : undefined,
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

export async function findJobsByExternalIds(db: DbOrTx, externalIds: string[]): Promise<Map<string, string>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db.select({ id: jobs.id, externalId: jobs.externalId }).from(jobs).where(inArray(jobs.externalId, externalIds));
  return new Map(rows.map((r) => [r.externalId!, r.id]));
}

// On a repeated external id everything is replaced but the job's id and posting date. A job staff
// closed stays closed (its valid_through is the moment it was closed).
const updateOnConflict = {
  ...Object.fromEntries(
    Object.entries(getTableColumns(jobs))
      .filter(([key]) => !['id', 'externalId', 'createdAt', 'search', 'closedAt'].includes(key))
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  ),
  validThrough: sql.raw(`case when "jobs"."closed_at" is null then excluded."valid_through" else "jobs"."valid_through" end`),
};

/** Inserts, or updates the job with the same external id. */
export async function upsertJobs(db: DbOrTx, rows: NewJobRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(jobs)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({ target: jobs.externalId, set: updateOnConflict });
  }
}

export async function countAllJobs(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(jobs);
  return row?.n ?? 0;
}

/** Live jobs for the sitemap and feeds: id and last change, newest first. */
export async function listLiveJobs(db: DbOrTx, limit: number): Promise<Pick<JobRow, 'id' | 'dashboards' | 'updatedAt'>[]> {
  return db
    .select({ id: jobs.id, dashboards: jobs.dashboards, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(live())
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

/** Where a job stands in the office: on the board, closed by staff, or past its valid_through. */
const jobStatus = sql<
  'live' | 'closed' | 'expired'
>`case when ${jobs.closedAt} is not null then 'closed' when ${jobs.validThrough} <= now() then 'expired' else 'live' end`;

export type OfficeJobStatus = 'live' | 'closed' | 'expired';

const officeColumns = {
  id: jobs.id,
  externalId: jobs.externalId,
  position: jobs.position,
  company: jobs.company,
  dashboards: jobs.dashboards,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
  validThrough: jobs.validThrough,
  status: jobStatus,
};
export type OfficeJobRow = Pick<JobRow, Exclude<keyof typeof officeColumns, 'status'>> & { status: OfficeJobStatus };

/** The office's list: every job whatever its state, the board's filters, newest first (keyset). */
export async function findOfficeJobs(
  db: DbOrTx,
  search: JobSearch,
  status: OfficeJobStatus | undefined,
  after: JobPosition | null,
  limit: number,
): Promise<OfficeJobRow[]> {
  const where = searchConditions(search, { liveOnly: false });
  if (status === 'closed') where.push(sql`${jobs.closedAt} is not null`);
  if (status === 'expired') where.push(sql`${jobs.closedAt} is null and ${jobs.validThrough} <= now()`);
  if (status === 'live') where.push(sql`${jobs.closedAt} is null`, live());
  if (after) where.push(sql`(${jobs.createdAt}, ${jobs.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`);
  return (await db
    .select(officeColumns)
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit + 1)) as OfficeJobRow[];
}

/** A job whatever its state, with its state. */
export async function findAnyJob(db: DbOrTx, id: string, lock = false): Promise<(JobRow & { status: OfficeJobStatus }) | undefined> {
  const query = db
    .select({ ...getTableColumns(jobs), status: jobStatus })
    .from(jobs)
    .where(eq(jobs.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row as (JobRow & { status: OfficeJobStatus }) | undefined;
}

export async function insertJob(db: DbOrTx, row: NewJobRow): Promise<void> {
  await db.insert(jobs).values(row);
}

export async function updateJob(db: DbOrTx, id: string, change: Partial<NewJobRow>): Promise<void> {
  await db
    .update(jobs)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(jobs.id, id));
}

export async function findJobIdByExternalId(db: DbOrTx, externalId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.externalId, externalId));
  return row?.id;
}

/** Whether a job reached its valid_through within the last `seconds` (it just left the board). */
export async function jobsEndedWithin(db: DbOrTx, seconds: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(jobs)
    .where(sql`${jobs.validThrough} > now() - make_interval(secs => ${seconds}) and ${jobs.validThrough} <= now()`)
    .limit(1);
  return !!row;
}
