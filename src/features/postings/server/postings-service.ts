import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { AppError, refused } from '@/server/errors';
import { escapeHtml } from '@/server/html/sanitize';
import { enqueueMail } from '@/server/mail/mail';
import { audit } from '@/server/office/audit';
import type { Queue } from '@/server/queue/queue';
import { rateLimit } from '@/server/rate-limit';
import { idOfToken, signedToken } from '@/server/signed-token';
import { localizedPath, type Locale } from '@/i18n/routing';
import type { SpamReason } from '@/features/forms/traps';
import { JobInput, toJobRow } from '@/features/jobs/server/job-input';
import { jobsChanged } from '@/features/jobs/server/jobs-changed';
import { jobDailyStats } from '@/features/jobs/server/job-stats';
import { findAnyJob, insertJob, updateJob } from '@/features/jobs/server/jobs-repository';
import type { JobRow } from '@/features/jobs/server/jobs-table';
import { tagList, type JobListing, type JobPostRequest, type PostingState, type PostingView } from '../schema';
import { postingApproved, postingConfirm, postingExpiring, postingRejected } from './postings-mails';
import {
  confirmPosting,
  countPostingsSince,
  findEndingPostings,
  findPosting,
  findPostings,
  insertPosting,
  updatePosting,
  type PostingListRow,
} from './postings-repository';
import type { JobPosting } from './postings-table';

const DAY_MS = 24 * 3600 * 1000;
/** The employer is mailed this many days before the listing ends, and may renew from then on. */
export const NOTICE_DAYS = 3;
/** Postings an address may start in a day: no mail bombing through the confirmation mail. */
const POSTINGS_PER_ADDRESS_A_DAY = 5;
const TOKEN_PURPOSE = 'job-posting';

interface By {
  actor: string;
  ip: string;
}

const postingToken = (id: string) => signedToken(TOKEN_PURPOSE, id);

function pageUrl(posting: Pick<JobPosting, 'id' | 'locale'>, query = ''): string {
  return `${env().PUBLIC_URL}${localizedPath(`/jobs/post/${postingToken(posting.id)}`, posting.locale as Locale)}${query}`;
}

function jobPath(job: Pick<JobRow, 'id' | 'dashboards'>, locale: Locale): string {
  return localizedPath(`/jobs/${job.dashboards[0] ?? 'all'}/specs/${job.id}`, locale);
}

const longDate = (date: Date, locale: Locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

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
function listingToJobInput(postingId: string, listing: JobListing): JobInput {
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

function listingOf(form: JobListing): JobListing {
  const { company, position, dashboard, industry, remote_allowance, candidate_location, contract_type, work_schedule } = form;
  const { salary_min, salary_max, salary_currency, salary_period, location, tags, description, apply, apply_url } = form;
  return {
    company,
    position,
    dashboard,
    industry,
    remote_allowance,
    candidate_location,
    contract_type,
    work_schedule,
    salary_min,
    salary_max,
    salary_currency,
    salary_period,
    location,
    tags,
    description,
    apply,
    apply_url: apply === 'link' ? apply_url : '',
  };
}

/**
 * A posting from /jobs/post: kept, and its contact mailed a link that confirms the address and
 * opens the listing's private page. Answers the same whatever the address's history.
 */
export async function submitPosting(
  db: Db,
  queue: Queue,
  request: JobPostRequest,
  { ip, now, spam }: { ip: string; now: Date; spam: SpamReason | null },
): Promise<void> {
  await rateLimit('job-post', ip, 5, 3600);
  const { contact_name, contact_email, ...listing } = request.form;
  const email = contact_email.trim().toLowerCase();
  const id = randomBytes(12).toString('base64url');
  await db.transaction(async (tx) => {
    const recent = await countPostingsSince(tx, email, new Date(now.getTime() - DAY_MS));
    await insertPosting(tx, {
      id,
      email,
      contactName: contact_name,
      company: listing.company,
      locale: request.context.locale,
      draft: listingOf(listing),
      spam,
      createdAt: now,
    });
    // Suspected of spam, or more than an address starts in a day: kept, and nobody is mailed.
    if (spam || recent >= POSTINGS_PER_ADDRESS_A_DAY) return;
    await enqueueMail(
      queue,
      {
        key: `job-post-confirm:${id}`,
        to: email,
        locale: request.context.locale,
        template: postingConfirm,
        props: { pageUrl: pageUrl({ id, locale: request.context.locale }) },
      },
      { tx },
    );
  });
}

/** Where a posting stands: its own state, and its job's on the board. */
function stateOf(posting: JobPosting, job: (JobRow & { status: string }) | undefined): PostingState {
  if (posting.state === 'unconfirmed') return 'unconfirmed';
  // The job decides once there is one: staff may close it, or reopen one its employer closed.
  if (job) return job.status === 'live' ? 'live' : job.status === 'closed' ? 'closed' : 'expired';
  return posting.state === 'pending' ? 'pending' : posting.state === 'rejected' ? 'rejected' : 'closed';
}

function renewable(posting: JobPosting, job: JobRow | undefined, now: Date): boolean {
  if (!job || posting.state === 'closed' || job.closedAt || !job.validThrough) return false;
  return job.validThrough.getTime() - now.getTime() <= NOTICE_DAYS * DAY_MS;
}

async function findByToken(db: DbOrTx, token: string, lock = false): Promise<JobPosting | undefined> {
  const id = idOfToken(TOKEN_PURPOSE, token);
  return id ? findPosting(db, id, lock) : undefined;
}

async function byToken(db: DbOrTx, token: string, lock = false): Promise<JobPosting> {
  const posting = await findByToken(db, token, lock);
  if (!posting) throw new AppError('not_found', 'No such job posting.');
  return posting;
}

async function viewOf(db: DbOrTx, posting: JobPosting, now: Date): Promise<PostingView> {
  const job = posting.jobId ? await findAnyJob(db, posting.jobId) : undefined;
  const state = stateOf(posting, job);
  const locale = posting.locale as Locale;
  return {
    state,
    company: (posting.draft ?? posting.listing)?.company ?? posting.company,
    listing: (posting.draft ?? posting.listing ?? {}) as Record<string, unknown>,
    changesPending: posting.state === 'pending' && !!job,
    rejectionReason: posting.rejectionReason,
    jobPath: job && state === 'live' ? jobPath(job, locale) : null,
    liveUntil: job?.validThrough && state !== 'closed' ? job.validThrough.toISOString() : null,
    canRenew: renewable(posting, job, now),
    stats: job ? (await jobDailyStats(db, job.id)).days : [],
  };
}

/**
 * The employer's private page. Opening it the first time confirms the address: the posting then
 * waits for review (a link scanner opening it confirms too, as with the job alerts: the address
 * received the link).
 */
export async function openPosting(db: Db, token: string, now = new Date()): Promise<(PostingView & { justConfirmed: boolean }) | null> {
  const posting = await findByToken(db, token);
  if (!posting) return null;
  // Only the opening that moves it from unconfirmed confirms (a mail scanner and its owner may open it at once).
  const confirmed = posting.state === 'unconfirmed' ? await confirmPosting(db, posting.id, now) : undefined;
  return { ...(await viewOf(db, confirmed ?? posting, now)), justConfirmed: !!confirmed };
}

/** The employer's edit: back to review; a live job stays as it was until the edit is approved. */
export async function editPosting(db: Db, token: string, listing: JobListing, now = new Date()): Promise<PostingView> {
  return db.transaction(async (tx) => {
    const posting = await byToken(tx, token, true);
    const job = posting.jobId ? await findAnyJob(tx, posting.jobId) : undefined;
    if (stateOf(posting, job) === 'closed') throw new AppError('conflict', 'This listing is closed.');
    const change = {
      draft: listingOf(listing),
      rejectionReason: null,
      ...(posting.state === 'unconfirmed' ? {} : { state: 'pending', submittedAt: now }),
    };
    await updatePosting(tx, posting.id, change);
    return viewOf(tx, { ...posting, ...change }, now);
  });
}

/** The employer takes the listing off the board (for good: a new one is a new posting); `ip` is theirs, for the audit log. */
export async function closePosting(db: Db, token: string, ip?: string, now = new Date()): Promise<PostingView> {
  const view = await db.transaction(async (tx) => {
    const posting = await byToken(tx, token, true);
    if (posting.jobId) {
      const job = await findAnyJob(tx, posting.jobId, true);
      if (job && !job.closedAt) await updateJob(tx, job.id, { closedAt: now, validThrough: now });
    }
    const closed = { ...posting, state: 'closed' };
    await updatePosting(tx, posting.id, { state: 'closed' });
    await audit(tx, { actor: null, action: 'posting.close', record: posting.id, ip });
    return viewOf(tx, closed, now);
  });
  await jobsChanged();
  return view;
}

/** Another JOB_LISTING_DAYS from the listing's end (or from now, when it has ended): from NOTICE_DAYS before the end. */
export async function renewPosting(db: Db, token: string, ip?: string, now = new Date()): Promise<PostingView> {
  const view = await db.transaction(async (tx) => {
    const posting = await byToken(tx, token, true);
    const job = posting.jobId ? await findAnyJob(tx, posting.jobId, true) : undefined;
    if (!job || !renewable(posting, job, now)) throw new AppError('conflict', 'This listing cannot be renewed now.');
    const from = Math.max(now.getTime(), job.validThrough!.getTime());
    await updateJob(tx, job.id, { validThrough: new Date(from + env().JOB_LISTING_DAYS * DAY_MS) });
    await audit(tx, { actor: null, action: 'posting.renew', record: posting.id, ip });
    return viewOf(tx, posting, now);
  });
  await jobsChanged();
  return view;
}

// The office's review.

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
    const row = toJobRow(listingToJobInput(id, posting.draft));
    const job = posting.jobId ? await findAnyJob(tx, posting.jobId, true) : undefined;
    if (job && job.status !== 'live') {
      throw refused('conflict', 'The job is no longer on the board: reopen it first, or reject the changes.', 'jobOffBoard');
    }
    let validThrough: Date;
    if (job) {
      // An edit: the listing's dates and state stay as they were.
      validThrough = job.validThrough ?? now;
      await updateJob(tx, job.id, { ...row, id: job.id, createdAt: job.createdAt, validThrough: job.validThrough, closedAt: job.closedAt });
    } else {
      validThrough = new Date(now.getTime() + env().JOB_LISTING_DAYS * DAY_MS);
      await insertJob(tx, { ...row, createdAt: now, validThrough });
    }
    const jobId = job?.id ?? row.id;
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
          jobUrl: `${env().PUBLIC_URL}${jobPath({ id: jobId, dashboards: row.dashboards }, locale)}`,
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

/**
 * Mails each employer whose listing ends within NOTICE_DAYS, once per end date, with a link to
 * renew it in one press. `now` is a parameter so the notice can be tried at any date.
 */
export async function sendExpiryNotices(db: Db, queue: Queue, now = new Date()): Promise<number> {
  const ending = await findEndingPostings(db, now, NOTICE_DAYS);
  for (const posting of ending) {
    await db.transaction(async (tx) => {
      await updatePosting(tx, posting.id, { noticeFor: posting.validThrough });
      const locale = posting.locale as Locale;
      const listing = posting.listing ?? posting.draft;
      await enqueueMail(
        queue,
        {
          key: `job-post-expiring:${posting.id}:${posting.validThrough.toISOString()}`,
          to: posting.email,
          locale,
          template: postingExpiring,
          props: {
            name: posting.contactName,
            position: listing?.position ?? posting.company,
            pageUrl: pageUrl(posting),
            renewUrl: pageUrl(posting, '?renew=1'),
            until: longDate(posting.validThrough, locale),
          },
        },
        { tx },
      );
    });
  }
  return ending.length;
}
