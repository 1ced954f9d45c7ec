import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { enqueueMail } from '@/server/mail/mail';
import { audit } from '@/server/office/audit';
import type { Queue } from '@/server/queue/queue';
import { rateLimit } from '@/server/rate-limit';
import type { Locale } from '@/i18n/routing';
import type { SpamReason } from '@/features/forms/schema';
import { endJob, extendJob, findAnyJob, jobDailyStats, jobsChanged } from '@/features/jobs/server';
import type { JobListing, JobPostRequest, PostingView } from '../schema';
import { postingConfirm } from './postings-mails';
import { confirmPosting, countPostingsSince, findPosting, insertPosting, updatePosting } from './postings-repository';
import { jobPath, pageUrl, postingIdOf } from './postings-links';
import { DAY_MS, renewable, stateOf } from './postings-state';
import type { JobPosting } from './postings-table';

// The employer's side: the form at /jobs/post, and the listing's private page (by its link).

/** Postings an address may start in a day: no mail bombing through the confirmation mail. */
const POSTINGS_PER_ADDRESS_A_DAY = 5;

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

async function findByToken(db: DbOrTx, token: string, lock = false): Promise<JobPosting | undefined> {
  const id = postingIdOf(token);
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
    if (posting.jobId) await endJob(tx, posting.jobId, now);
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
    await extendJob(tx, job.id, new Date(from + env().JOB_LISTING_DAYS * DAY_MS));
    await audit(tx, { actor: null, action: 'posting.renew', record: posting.id, ip });
    return viewOf(tx, posting, now);
  });
  await jobsChanged();
  return view;
}
