import 'server-only';
import type { JobRow } from '@/features/jobs/server';
import type { PostingState } from '../schema';
import type { JobPosting } from './postings-table';

export const DAY_MS = 24 * 3600 * 1000;
/** The employer is mailed this many days before the listing ends, and may renew from then on. */
export const NOTICE_DAYS = 3;

/** Where a posting stands: its own state, and its job's on the board. */
export function stateOf(posting: JobPosting, job: (JobRow & { status: string }) | undefined): PostingState {
  if (posting.state === 'unconfirmed') return 'unconfirmed';
  // The job decides once there is one: staff may close it, or reopen one its employer closed.
  if (job) return job.status === 'live' ? 'live' : job.status === 'closed' ? 'closed' : 'expired';
  return posting.state === 'pending' ? 'pending' : posting.state === 'rejected' ? 'rejected' : 'closed';
}

export function renewable(posting: JobPosting, job: JobRow | undefined, now: Date): boolean {
  if (!job || posting.state === 'closed' || job.closedAt || !job.validThrough) return false;
  return job.validThrough.getTime() - now.getTime() <= NOTICE_DAYS * DAY_MS;
}
