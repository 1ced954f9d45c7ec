import { z } from 'zod';

// The recruiters' pipeline: its statuses and the office's forms, one schema each for the pages and the API.

/** Where recruiters are with an applicant: new → reviewing → shortlisted → interview → offer → hired, or rejected / withdrawn. */
export const APPLICANT_STATUSES = ['new', 'reviewing', 'shortlisted', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'] as const;
export type ApplicantStatus = (typeof APPLICANT_STATUSES)[number];

/** The moves that may tell the candidate, by mail in their language. */
const MAILED_STATUSES = ['rejected', 'interview', 'offer'] as const;
export type MailedStatus = (typeof MAILED_STATUSES)[number];
export const isMailedStatus = (status: string): status is MailedStatus => (MAILED_STATUSES as readonly string[]).includes(status);

const Id = z.string().regex(/^[\w-]{1,64}$/);
const Note = z.string().trim().max(2000).optional();

export const ApplicantsQuery = z.object({
  /** `job:<id>`, `position:<id>`, or `cv` for CVs sent on spec. */
  target: z
    .string()
    .regex(/^(?:(?:job|position):[\w-]{1,64}|cv)$/)
    .optional(),
  status: z.enum(APPLICANT_STATUSES).optional(),
  locale: z.enum(['en', 'es', 'fr', 'de', 'it']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: z.string().trim().max(100).optional(),
  after: z.string().max(120).optional(),
});

/** The list page's address: the API's filters, and whether a job's applicants show as a list or a board by status. */
export const ApplicantsPageQuery = ApplicantsQuery.extend({ view: z.enum(['list', 'board']).optional() });

export const ApplicantChangeBody = z
  .strictObject({
    status: z.enum(APPLICANT_STATUSES),
    /** Tell the candidate (rejected, interview and offer only). */
    mail: z.boolean().default(false),
    /** A personal line in that mail. */
    note: Note,
  })
  .refine((b) => !b.mail || isMailedStatus(b.status), { path: ['mail'], message: 'notMailed' });

export const RejectBody = z.strictObject({
  ids: z.array(Id).min(1).max(100),
  note: Note,
  mail: z.boolean(),
});
