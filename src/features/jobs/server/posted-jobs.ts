import 'server-only';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/server/db';
import { toJobRow, type JobInput } from './job-input';
import { findAnyJob, insertJob, updateJob } from './jobs-repository';
import { jobs, type JobRow } from './jobs-table';

// The board's side of the jobs employers post (src/features/postings keeps the listing and its
// review): each write to a posted job goes through these, in the caller's transaction. Call
// jobsChanged() once it has committed.

/** A new job on the board from an approved listing, from `createdAt` to `validThrough`: answers its id. */
export async function addJob(tx: DbOrTx, input: JobInput, dates: { createdAt: Date; validThrough: Date }): Promise<string> {
  const row = toJobRow(input);
  await insertJob(tx, { ...row, ...dates });
  return row.id;
}

/** An approved edit: the job's listing replaced, its id, dates and state kept. */
export async function replaceJobListing(tx: DbOrTx, job: Pick<JobRow, 'id' | 'createdAt' | 'validThrough' | 'closedAt'>, input: JobInput) {
  const { id, createdAt, validThrough, closedAt } = job;
  await updateJob(tx, id, { ...toJobRow(input, id), createdAt, validThrough, closedAt });
}

/** Takes a job off the board at `now`, unless it is closed already. */
export async function endJob(tx: DbOrTx, id: string, now: Date): Promise<void> {
  const job = await findAnyJob(tx, id, true);
  if (job && !job.closedAt) await updateJob(tx, job.id, { closedAt: now, validThrough: now });
}

/** Moves a job's end on the board. */
export async function extendJob(tx: DbOrTx, id: string, validThrough: Date): Promise<void> {
  await updateJob(tx, id, { validThrough });
}

/** Each job's end and closing, for another feature's query to join on `id` (the table stays this feature's). */
export const jobEnds = new QueryBuilder()
  .select({ id: jobs.id, validThrough: jobs.validThrough, closedAt: jobs.closedAt })
  .from(jobs)
  .as('job_ends');
