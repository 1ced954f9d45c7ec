// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';
import { email, formRequest, name, optionalLine, requiredLine, requiredText } from '@/features/forms/schema';
import {
  candidateLocations,
  contractTypes,
  currencies,
  industries,
  jobDashboards,
  remoteAllowances,
  salaryPeriods,
  workSchedules,
} from '@/features/jobs/schema';

// A job posted by an employer: one schema for the page (as the employer types), POST /rest/form
// (the first posting), the employer's edits and the office's review. Messages are keys of
// Forms.errors.

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { message: 'chooseOne' });

/** A whole amount typed in a text field ("80 000", "80.000"); empty or left out means not given. */
const amount = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s'’.,]/g, '') || undefined : (v ?? undefined)),
  z.coerce.number({ message: 'salaryNumber' }).int('salaryNumber').positive('salaryNumber').max(10_000_000, 'salaryNumber').optional(),
);

const MAX_TAGS = 12;

/** The listing itself: what goes on the board once approved. */
const listing = {
  company: requiredLine(160),
  position: requiredLine(160).pipe(z.string().min(2, 'required')),
  dashboard: choice(jobDashboards),
  industry: choice(industries),
  remote_allowance: choice(remoteAllowances),
  candidate_location: choice(candidateLocations),
  contract_type: choice(contractTypes),
  work_schedule: choice(workSchedules),
  salary_min: amount,
  salary_max: amount,
  salary_currency: choice(currencies),
  salary_period: choice(salaryPeriods),
  location: optionalLine(120),
  /** Separated by commas. */
  tags: optionalLine(400).refine((v) => tagList(v).length <= MAX_TAGS && tagList(v).every((t) => t.length <= 40), 'tooManyTags'),
  // At most 8,000 characters: escaped and marked up, it stays within a stored job's 50,000.
  description: requiredText(8000).pipe(z.string().min(80, 'descriptionMin')),
  /** Candidates apply through this site (the consultancy's recruiters) or at the employer's link. */
  apply: z.enum(['site', 'link']),
  apply_url: z.string().trim().max(500, 'tooLong'),
};

/** The tags of the field, trimmed, without blanks or repeats. */
export function tagList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

function checkListing(form: { salary_min?: number; salary_max?: number; apply: string; apply_url: string }, ctx: z.RefinementCtx) {
  if (form.salary_min !== undefined && form.salary_max !== undefined && form.salary_min > form.salary_max) {
    ctx.addIssue({ code: 'custom', path: ['salary_max'], message: 'salaryOrder' });
  }
  if (form.apply === 'link' && !z.url({ protocol: /^https?$/ }).safeParse(form.apply_url).success) {
    ctx.addIssue({ code: 'custom', path: ['apply_url'], message: 'urlFormat' });
  }
}

/** The employer's changes to a listing (the contact stays as confirmed). */
export const JobListing = z.strictObject(listing).superRefine(checkListing);
export type JobListing = z.infer<typeof JobListing>;

/** The form of /jobs/post: who posts, and the listing. */
export const JobPostForm = z.strictObject({ contact_name: name, contact_email: email, ...listing }).superRefine(checkListing);
export type JobPostForm = z.infer<typeof JobPostForm>;

/** The body of POST /rest/form for a posting (the forms kernel serves the route). */
export const JobPostRequest = formRequest('job_post', JobPostForm);
export type JobPostRequest = z.infer<typeof JobPostRequest>;

/** Where a posting stands, as its employer and the office see it. */
const postingStates = ['unconfirmed', 'pending', 'live', 'rejected', 'expired', 'closed'] as const;
export type PostingState = (typeof postingStates)[number];

/** What the employer's private page shows and edits. */
export const PostingView = z.object({
  state: z.enum(postingStates),
  company: z.string(),
  /** The listing as the employer last sent it (waiting for review when `changesPending`). */
  listing: z.object({}).passthrough(),
  changesPending: z.boolean(),
  /** Why the last version sent was not accepted, when it was not. */
  rejectionReason: z.string().nullable(),
  jobPath: z.string().nullable(),
  liveUntil: z.string().nullable(),
  canRenew: z.boolean(),
  stats: z.array(z.object({ day: z.string(), views: z.number(), applyClicks: z.number() })),
});
export type PostingView = z.infer<typeof PostingView>;

/** The office's answer to a posting: approve, or reject with the reason the employer is mailed. */
/** `version`: when the version the recruiter read was sent (an edit sent since is not answered unread). */
export const ApprovePostingBody = z.strictObject({ version: z.string().max(40) });
export const RejectPostingBody = z.strictObject({
  version: z.string().max(40),
  reason: z.string().trim().min(5, 'required').max(2000, 'tooLong'),
});
