import 'server-only';
import { parse } from 'csv-parse/sync';
import type { Db } from '@/server/db';
import { AppError, refused } from '@/server/errors';
import { audit } from '@/server/office/audit';
import type { JobSearch } from '../schema';
import type { OfficeJobsQuery } from '../office-schema';
import { encodeCursor, readCursor } from './cursor';
import { JobInput, toJobRow } from './job-input';
import { findAnyJob, findJobIdByExternalId, findOfficeJobs, insertJob, updateJob, type OfficeJobRow } from './jobs-repository';
import type { JobRow } from './jobs-table';
import { jobsChanged } from './jobs-changed';

interface By {
  actor: string;
  ip: string;
}

const OFFICE_PAGE_SIZE = 50;

/**
 * One page of the office's list, newest first; `next` is the cursor of the page after it. A cursor
 * that is not ours (an edited or old address) shows the first page, as the office's other lists do.
 */
export async function listOfficeJobs(db: Db, q: OfficeJobsQuery): Promise<{ rows: OfficeJobRow[]; next: string | null }> {
  const search: JobSearch = {
    dashboard: q.dashboard ?? 'all',
    queryText: q.q ?? '',
    filters: {
      industry: q.industry,
      remote_work_allowance: q.remote_work_allowance,
      candidate_location_allowance: q.candidate_location_allowance,
      contract_type: q.contract_type,
      work_schedule_type: q.work_schedule_type,
      remuneration_range: q.remuneration_range,
    },
  };
  const rows = await findOfficeJobs(db, search, q.status, q.after ? readCursor(q.after) : null, OFFICE_PAGE_SIZE);
  const page = rows.slice(0, OFFICE_PAGE_SIZE);
  const last = page.at(-1);
  return { rows: page, next: rows.length > OFFICE_PAGE_SIZE && last ? encodeCursor(last) : null };
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

/** A job as the form holds it: the import's fields, as text (as a CSV row would give them). */
export function jobFormValues(job: JobRow): Record<keyof JobInput, string | string[]> {
  return {
    external_id: job.externalId ?? job.id,
    position: job.position,
    company: job.company ?? '',
    dashboards: job.dashboards,
    industry: job.industry,
    remote_allowance: job.remoteAllowance,
    candidate_locations: job.candidateLocations,
    contract_type: job.contractType,
    work_schedule: job.workSchedule,
    salary_min: job.salaryMin?.toString() ?? '',
    salary_max: job.salaryMax?.toString() ?? '',
    salary_currency: job.salaryCurrency ?? '',
    salary_period: job.salaryPeriod ?? '',
    client_location: job.clientLocation ?? '',
    tags: job.tags.join('|'),
    short_description: job.shortDescription,
    description_html: job.descriptionHtml ?? '',
    apply_url: job.applyUrl ?? '',
    valid_through: job.closedAt ? '' : day(job.validThrough),
    posted_at: day(job.createdAt),
  };
}

export async function officeJob(db: Db, id: string) {
  const job = await findAnyJob(db, id);
  if (!job) throw new AppError('not_found', 'No such job.');
  return job;
}

async function externalIdFree(db: Db, externalId: string, self?: string): Promise<void> {
  const holder = await findJobIdByExternalId(db, externalId);
  if (holder && holder !== self) {
    throw new AppError('conflict', 'Another job has this external id.', { errors: [{ path: 'external_id', message: 'taken' }] });
  }
}

/** A new job from the form: on the board at once. */
export async function createJob(db: Db, input: JobInput, by: By): Promise<string> {
  await externalIdFree(db, input.external_id);
  const row = toJobRow(input);
  await db.transaction(async (tx) => {
    await insertJob(tx, row);
    await audit(tx, { actor: by.actor, action: 'job.create', record: row.id, ip: by.ip });
  });
  await jobsChanged();
  return row.id;
}

/** Saves the form over a job. A closed job stays closed; without a posting date it keeps its own. */
export async function editJob(db: Db, id: string, input: JobInput, by: By): Promise<void> {
  await externalIdFree(db, input.external_id, id);
  await db.transaction(async (tx) => {
    const job = await findAnyJob(tx, id, true);
    if (!job) throw new AppError('not_found', 'No such job.');
    const row = toJobRow(input, id);
    const { createdAt, validThrough } = row;
    await updateJob(tx, id, {
      ...row,
      createdAt: input.posted_at ? createdAt : job.createdAt,
      validThrough: job.closedAt ? job.validThrough : validThrough,
    });
    await audit(tx, { actor: by.actor, action: 'job.edit', record: id, ip: by.ip });
  });
  await jobsChanged();
}

/** Takes a job off the board now; its page answers 404 from the next visit. */
export async function closeJob(db: Db, id: string, by: By): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await findAnyJob(tx, id, true);
    if (!job) throw new AppError('not_found', 'No such job.');
    if (job.closedAt) return;
    const now = new Date();
    await updateJob(tx, id, { closedAt: now, validThrough: now });
    await audit(tx, { actor: by.actor, action: 'job.close', record: id, ip: by.ip });
  });
  await jobsChanged();
}

/** Puts a closed or expired job back on the board, with no end date (edit it to set one). */
export async function reopenJob(db: Db, id: string, by: By): Promise<void> {
  await db.transaction(async (tx) => {
    const job = await findAnyJob(tx, id, true);
    if (!job) throw new AppError('not_found', 'No such job.');
    if (job.status === 'live') return;
    await updateJob(tx, id, { closedAt: null, validThrough: null });
    await audit(tx, { actor: by.actor, action: 'job.reopen', record: id, ip: by.ip });
  });
  await jobsChanged();
}

/** A copy of a job, closed (a draft to edit and reopen), with an external id of its own. */
export async function duplicateJob(db: Db, id: string, by: By): Promise<string> {
  const job = await officeJob(db, id);
  const base = (job.externalId ?? job.id).slice(0, 80);
  let externalId = `${base}-copy`;
  for (let n = 2; await findJobIdByExternalId(db, externalId); n++) externalId = `${base}-copy-${n}`;
  const input = JobInput.parse({ ...jobFormValues(job), external_id: externalId, posted_at: undefined, valid_through: undefined });
  const now = new Date();
  const row = { ...toJobRow(input), closedAt: now, validThrough: now };
  await db.transaction(async (tx) => {
    await insertJob(tx, row);
    await audit(tx, { actor: by.actor, action: 'job.duplicate', record: row.id, ip: by.ip });
  });
  return row.id;
}

/** The rows of an uploaded file: CSV with a header row, or a JSON array of jobs. */
export function importRows(format: 'csv' | 'json', text: string): unknown[] {
  if (Buffer.byteLength(text) > 1024 * 1024) throw refused('payload_too_large', 'An import file is at most 1 MB.', 'importTooLarge');
  try {
    if (format === 'csv') return parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as unknown[];
    const data = JSON.parse(text) as unknown;
    if (Array.isArray(data)) return data;
  } catch (err) {
    throw new AppError('validation', `The file cannot be read: ${err instanceof Error ? err.message : String(err)}`, {
      errors: [{ path: 'text', message: 'unreadable' }],
    });
  }
  throw new AppError('validation', 'A JSON import is an array of jobs.', { errors: [{ path: 'text', message: 'notArray' }] });
}
