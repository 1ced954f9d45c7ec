import 'server-only';
import { isPlausibleId } from '@/lib/ids';
import { dateFormat } from '@/lib/intl-format';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { Db } from '@/server/db';
import { routesMarkedAt } from '@/server/page-cache';
import { RecentCache } from '@/server/recent-cache';
import { countJobEvent, isCountable } from '../job-visit';
import { localizedLocation } from '../location';
import { PAGE_SIZE, type Dashboard, type JobCard, type JobSearch, type JobSearchResponse } from '../schema';
import { decodeCursor, encodeCursor, readCursor } from './cursor';
import {
  countJobs,
  findAnyJob,
  findJobsPage,
  findJobsPostedBetween,
  findLiveJob,
  findNewestLiveJobs,
  type JobCardRow,
} from './jobs-repository';
import type { DbOrTx } from '@/server/db';
import type { JobRow } from './jobs-table';
import { formatSalary } from './salary';

/**
 * The day a job was posted, in the visitor's language. Formatted here, as the salary is: the first
 * date formatter a browser tab builds costs it 20-70 ms (its ICU data), which the board would
 * otherwise spend while it hydrates.
 */
export function formatPostedDate(date: Date, locale: Locale): string {
  // UTC, so every server prints the same day.
  return dateFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export function formatRemuneration(
  row: Pick<JobRow, 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'>,
  locale: Locale,
): string | null {
  const periods = messages[locale].Jobs.period as Record<string, string>;
  return formatSalary(
    { min: row.salaryMin, max: row.salaryMax, currency: row.salaryCurrency, period: row.salaryPeriod },
    locale,
    (p) => periods[p] ?? p,
  );
}

export function toCard(row: JobCardRow | JobRow, locale: Locale): JobCard {
  return {
    id: row.id,
    position: row.position,
    company: row.company,
    wfh_allowance: row.remoteAllowance as JobCard['wfh_allowance'],
    remuneration_formatted: formatRemuneration(row, locale),
    client_location: row.clientLocation,
    client_location_formatted: row.clientLocation && localizedLocation(row.clientLocation, locale),
    tags: row.tags,
    short_description: row.shortDescription,
    has_jd: 'hasDescription' in row ? row.hasDescription : !!row.descriptionHtml,
    created_at: row.createdAt.toISOString(),
    created_at_formatted: formatPostedDate(row.createdAt, locale),
    dashboards: row.dashboards as JobCard['dashboards'],
    apply_url: row.applyUrl,
  };
}

type SearchOptions = { after?: string | null; pageSize: number; locale: Locale };

/**
 * A page of the board, newest first, `after` the cursor of the previous page. The same search (the
 * first page of a board, above all) is answered from this process's memory for a few seconds, and
 * never after the jobs changed (here or, through page-marks.ts, on another node).
 */
export async function searchJobs(db: Db, search: JobSearch, options: SearchOptions): Promise<JobSearchResponse> {
  return (await searchPage(db, search, options)).answer;
}

/** Past this page a board address without its cursor is not walked to: an address of 50+ pages is made up. */
const MAX_WALKED_PAGES = 50;

/**
 * The page of a board address (`?q=react&page=3&after=…`), for the page the server renders for it:
 * by its cursor when it carries a valid one, else by walking the search's pages from the first
 * (a shared or typed address that names a page alone). A page past the last is empty.
 */
export async function boardPageAt(
  db: Db,
  search: JobSearch,
  page: number,
  after: string | null,
  locale: Locale,
): Promise<JobSearchResponse> {
  if (page === 1) return searchJobs(db, search, { pageSize: PAGE_SIZE, locale });
  if (after && readCursor(after)) return searchJobs(db, search, { after, pageSize: PAGE_SIZE, locale });
  const none = { items: [], lastEvaluatedKey: null };
  if (page > MAX_WALKED_PAGES) return none;
  let cursor: string | null = null;
  for (let at = 1; at < page; at++) {
    cursor = (await searchJobs(db, search, { after: cursor, pageSize: PAGE_SIZE, locale })).lastEvaluatedKey;
    if (!cursor) return none;
  }
  return searchJobs(db, search, { after: cursor, pageSize: PAGE_SIZE, locale });
}

/**
 * The same page as UTF-8 JSON, for the API: written and encoded once per page kept in memory, not
 * once per request. Node writes the bytes as they are (compression reads them through zlib, not a
 * web stream, which would take the buffer away from every later answer: decision 047).
 */
export async function searchJobsJson(db: Db, search: JobSearch, options: SearchOptions, asked?: string): Promise<Buffer<ArrayBuffer>> {
  const page = await searchPage(db, search, options);
  if (asked !== undefined && asked.length <= MAX_ASKED_LENGTH) byRequest.set(asked, page.key, Date.now());
  return jsonOf(page);
}

/**
 * The JSON of the page kept for the search that a request of the same bytes (`asked`) was answered
 * by `searchJobsJson`: a repeated request needs no validation to find it (decision 049). Undefined
 * when no such page is kept (its five seconds, a change of the jobs).
 */
export function recentSearchJson(asked: string): Buffer<ArrayBuffer> | undefined {
  const key = byRequest.get(asked);
  const page = key === undefined ? undefined : pages.get(key, routesMarkedAt(JOB_PAGES));
  return page && jsonOf(page);
}

const jsonOf = (page: SearchPage) => (page.json ??= Buffer.from(JSON.stringify(page.answer)));

async function searchPage(db: Db, search: JobSearch, { after, pageSize, locale }: SearchOptions): Promise<SearchPage> {
  const key = JSON.stringify([search.dashboard, search.queryText, search.filters, after ?? null, pageSize, locale]);
  const cached = pages.get(key, routesMarkedAt(JOB_PAGES));
  if (cached) return cached;
  const startedAt = Date.now();
  const rows = await findJobsPage(db, search, after ? decodeCursor(after) : null, pageSize);
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  const page: SearchPage = {
    key,
    answer: {
      items: items.map((row) => toCard(row, locale)),
      lastEvaluatedKey: rows.length > pageSize && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    },
  };
  pages.set(key, page, startedAt);
  return page;
}

/** The cached pages that show jobs: boards, job pages, application pages (every locale and dashboard). */
export const JOB_PAGES = ['/[locale]/jobs/[dashboard]', '/[locale]/jobs/[dashboard]/specs/[id]', '/[locale]/jobs/[dashboard]/apply/[id]'];

// Counting every match costs far more than a page of them. Counts stop at COUNT_CAP ("more than
// 1,000 results", 50 pages), and the count of a search is reused for a short while (per process).
export const COUNT_CAP = 1000;
const counts = new RecentCache<JobCount>(30_000, 500);
// Pages of results: a page holds expiry dates and "posted … ago", so a few seconds only.
interface SearchPage {
  key: string;
  answer: JobSearchResponse;
  json?: Buffer<ArrayBuffer>;
}
const pages = new RecentCache<SearchPage>(5_000, 300);
// The keys of those pages by the bytes of a request that asked for them (recentSearchJson). A
// search's request is some 100 bytes; longer ones are not kept, so this stays small whatever is sent.
const byRequest = new RecentCache<string>(5_000, 300);
export const MAX_ASKED_LENGTH = 2048;

export interface JobCount {
  Count: number;
  /** True when more jobs match than Count says. */
  Capped: boolean;
}

export async function countMatchingJobs(db: Db, search: JobSearch): Promise<JobCount> {
  const key = JSON.stringify([search.dashboard, search.queryText.toLowerCase(), search.filters]);
  // A change made through another node marks the board's pages here (page-marks.ts): counts older go.
  const hit = counts.get(key, routesMarkedAt(JOB_PAGES));
  if (hit) return hit;
  const startedAt = Date.now();
  const n = await countJobs(db, search, COUNT_CAP);
  const count = { Count: Math.min(n, COUNT_CAP), Capped: n > COUNT_CAP };
  counts.set(key, count, startedAt);
  return count;
}

/** Drops this process's remembered counts and pages of results (the jobs changed). */
export function forgetSearches(): void {
  counts.clear();
  pages.clear();
  byRequest.clear();
}

/** A live job on a dashboard ('all' holds every job); undefined when unknown, expired or elsewhere. */
export async function getJob(db: Db, id: string, dashboard: Dashboard = 'all'): Promise<JobRow | undefined> {
  const row = isPlausibleId(id) ? await findLiveJob(db, id) : undefined;
  if (!row || (dashboard !== 'all' && !row.dashboards.includes(dashboard))) return undefined;
  return row;
}

/**
 * A job of a dashboard whatever its state, for its page: a closed or expired job's page says so
 * (with similar jobs) instead of vanishing. Undefined when unknown or not on the dashboard.
 */
export async function getJobForPage(db: Db, id: string, dashboard: Dashboard): Promise<{ job: JobRow; live: boolean } | undefined> {
  const row = isPlausibleId(id) ? await findAnyJob(db, id) : undefined;
  if (!row || (dashboard !== 'all' && !row.dashboards.includes(dashboard))) return undefined;
  const { status, ...job } = row;
  return { job, live: status === 'live' };
}

/**
 * Live jobs like `job`, newest first: of its industry on the board it is shown on first, then any
 * other of that board (the 'all' board: of the job's own boards).
 */
export async function similarJobs(
  db: Db,
  job: Pick<JobRow, 'id' | 'industry' | 'dashboards'>,
  dashboard: Dashboard,
  locale: Locale,
  limit = 4,
): Promise<JobCard[]> {
  const where = { dashboards: dashboard === 'all' ? job.dashboards : [dashboard], exclude: [job.id] };
  const alike = await findNewestLiveJobs(db, { ...where, industry: job.industry }, limit);
  const more =
    alike.length < limit
      ? await findNewestLiveJobs(db, { ...where, exclude: [job.id, ...alike.map((j) => j.id)] }, limit - alike.length)
      : [];
  return [...alike, ...more].map((row) => toCard(row, locale));
}

/** The newest live jobs of a board: what the page of a job that is not there (a 404) offers instead. */
export async function newestJobs(db: Db, dashboard: Dashboard, locale: Locale, limit = 4): Promise<JobCard[]> {
  return (await searchJobs(db, { dashboard, queryText: '', filters: {} }, { pageSize: limit, locale })).items;
}

/**
 * The live jobs of a board that a search by a company's name finds: the count of the job page's
 * link to that search, so the link says what it will show.
 */
export async function companyJobCount(db: Db, company: string, dashboard: Dashboard): Promise<number> {
  return (await countMatchingJobs(db, { dashboard, queryText: company, filters: {} })).Count;
}

/**
 * Where a click on a live job's Apply leads: the application page the job was stored with (never
 * an address from the request), counted here; or, for a job applied for on this site, our
 * application page, which counts the click when it is visited. Undefined for an unknown or
 * expired job.
 */
export async function applyClickTarget(db: Db, id: string, headers: Headers): Promise<string | undefined> {
  const job = await getJob(db, id);
  if (!job) return undefined;
  if (!job.applyUrl) return `/jobs/all/apply/${job.id}`;
  if (isCountable(headers)) countJobEvent(job.id, 'apply');
  return job.applyUrl;
}

/** The jobs of a search posted after `since` (up to `until`), newest first: a job alert's news. */
export async function jobsPostedBetween(
  db: DbOrTx,
  search: JobSearch,
  since: Date,
  until: Date,
  limit: number,
  locale: Locale,
): Promise<JobCard[]> {
  return (await findJobsPostedBetween(db, search, since, until, limit)).map((row) => toCard(row, locale));
}
