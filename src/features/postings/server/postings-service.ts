import 'server-only';
import type { Db, DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { AppError, refused } from '@/server/errors';
import { escapeHtml } from '@/server/html/sanitize';
import { enqueueMail } from '@/server/mail/mail';
import { audit } from '@/server/office/audit';
import type { Queue } from '@/server/queue/queue';
import type { Locale } from '@/i18n/routing';
import { addJob, findAnyJob, JobInput, jobsChanged, replaceJobListing } from '@/features/jobs/server';
import { tagList, type JobListing } from '../schema';
import { postingApproved, postingRejected } from './postings-mails';
import { findPosting, findPostings, updatePosting, type PostingListRow } from './postings-repository';
import { jobPath, longDate, pageUrl } from './postings-links';
import { DAY_MS, stateOf } from './postings-state';
import type { JobPosting } from './postings-table';

// The office's review of the jobs employers posted: the list, one posting, approving (the listing
// goes on the board as a job) and rejecting.

interface By {
  actor: string;
  ip: string;
}

/** The description as the employer wrote it, as stored HTML: paragraphs, and lines starting with "-" as lists. */
function descriptionHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const lines = block.split('\n').map((l) => l.trim());
      if (lines.every((l) => /^[-•*]\s+/.test(l))) {
        return `<ul>${lines.map((l) => `<li>${escapeHtml(l.replace(/^[-•*]\s+/, ''))}</li>`).join('')}</ul>`;
      }
      return `<p>${lines.map(escapeHtml).join('<br>')}</p>`;
    })
    .join('');
}

/** The first sentences of the description, for the board's card. */
function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 280) return flat;
  const cut = flat.slice(0, 280);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 200))}…`;
}

/** A listing as the board's job (the import's rules: one schema for every way a job comes in). */
export function listingToJobInput(postingId: string, listing: JobListing): JobInput {
  return JobInput.parse({
    external_id: `post-${postingId}`,
    position: listing.position,
    company: listing.company,
    dashboards: [listing.dashboard],
    industry: listing.industry,
    remote_allowance: listing.remote_allowance,
    candidate_locations: [listing.candidate_location],
    contract_type: listing.contract_type,
    work_schedule: listing.work_schedule,
    salary_min: listing.salary_min,
    salary_max: listing.salary_max,
    salary_currency: listing.salary_min || listing.salary_max ? listing.salary_currency : undefined,
    salary_period: listing.salary_min || listing.salary_max ? listing.salary_period : undefined,
    client_location: listing.location || undefined,
    tags: tagList(listing.tags),
    short_description: shortDescription(listing.description),
    description_html: descriptionHtml(listing.description),
    apply_url: listing.apply === 'link' ? listing.apply_url : undefined,
  });
}

export function listPostings(db: Db, state: JobPosting['state']): Promise<PostingListRow[]> {
  return findPostings(db, state);
}

/** A posting for review (its contact is personal data: the look is audited), with the version on the board. */
export async function viewPosting(db: Db, id: string, by: By) {
  const posting = await findPosting(db, id);
  if (!posting) throw new AppError('not_found', 'No such job posting.');
  const job = posting.jobId ? await findAnyJob(db, posting.jobId) : undefined;
  await audit(db, { actor: by.actor, action: 'posting.view', record: id, ip: by.ip });
  // The version on the recruiter's screen, which an approval or a rejection names.
  return {
    posting,
    version: posting.submittedAt?.toISOString() ?? '',
    state: stateOf(posting, job),
    job: job ? { id: job.id, path: jobPath(job, 'en'), status: job.status } : null,
  };
}

/**
 * The posting under review, locked, as the recruiter read it: `version` is the moment the version
 * on their screen was sent, so an edit sent since (or another recruiter's answer) is never
 * approved or rejected unread.
 */
async function pendingPosting(tx: DbOrTx, id: string, version: string): Promise<JobPosting & { draft: JobListing }> {
  const posting = await findPosting(tx, id, true);
  if (!posting) throw new AppError('not_found', 'No such job posting.');
  if (posting.state !== 'pending' || !posting.draft) throw refused('conflict', 'This posting is not waiting for review.', 'notPending');
  if (posting.submittedAt?.toISOString() !== version) {
    throw refused('conflict', 'The employer changed this posting since you opened it: read it again.', 'postingChanged');
  }
  return posting as JobPosting & { draft: JobListing };
}

/** Approve: the listing goes on the board at once (a first one for JOB_LISTING_DAYS), the employer is mailed. */
export async function approvePosting(db: Db, queue: Queue, id: string, version: string, by: By, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const posting = await pendingPosting(tx, id, version);
    const input = listingToJobInput(id, posting.draft);
    const job = posting.jobId ? await findAnyJob(tx, posting.jobId, true) : undefined;
    if (job && job.status !== 'live') {
      throw refused('conflict', 'The job is no longer on the board: reopen it first, or reject the changes.', 'jobOffBoard');
    }
    let validThrough: Date;
    let jobId: string;
    if (job) {
      // An edit: the listing's dates and state stay as they were.
      validThrough = job.validThrough ?? now;
      await replaceJobListing(tx, job, input);
      jobId = job.id;
    } else {
      validThrough = new Date(now.getTime() + env().JOB_LISTING_DAYS * DAY_MS);
      jobId = await addJob(tx, input, { createdAt: now, validThrough });
    }
    await updatePosting(tx, id, {
      state: 'approved',
      company: posting.draft.company,
      listing: posting.draft,
      draft: null,
      jobId,
      rejectionReason: null,
      reviewedAt: now,
      reviewedBy: by.actor,
    });
    await audit(tx, { actor: by.actor, action: 'posting.approve', record: id, ip: by.ip });
    const locale = posting.locale as Locale;
    await enqueueMail(
      queue,
      {
        key: `job-post-approved:${id}:${now.toISOString()}`,
        to: posting.email,
        locale,
        template: postingApproved,
        props: {
          name: posting.contactName,
          position: posting.draft.position,
          pageUrl: pageUrl(posting),
          jobUrl: `${env().PUBLIC_URL}${jobPath({ id: jobId, dashboards: input.dashboards }, locale)}`,
          until: longDate(validThrough, locale),
        },
      },
      { tx },
    );
  });
  await jobsChanged();
}

/** Reject, with the reason mailed to the employer; a live job stays as it was. */
export async function rejectPosting(
  db: Db,
  queue: Queue,
  id: string,
  version: string,
  reason: string,
  by: By,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const posting = await pendingPosting(tx, id, version);
    const job = posting.jobId ? await findAnyJob(tx, posting.jobId) : undefined;
    const live = job?.status === 'live';
    await updatePosting(tx, id, {
      state: job ? 'approved' : 'rejected',
      // A first version stays to be corrected and sent again; an edit gives way to the version on the board.
      draft: job ? null : posting.draft,
      rejectionReason: reason,
      reviewedAt: now,
      reviewedBy: by.actor,
    });
    await audit(tx, { actor: by.actor, action: 'posting.reject', record: id, ip: by.ip });
    await enqueueMail(
      queue,
      {
        key: `job-post-rejected:${id}:${now.toISOString()}`,
        to: posting.email,
        locale: posting.locale as Locale,
        template: postingRejected,
        props: { name: posting.contactName, position: posting.draft.position, pageUrl: pageUrl(posting), reason, live },
      },
      { tx },
    );
  });
}
