// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';
import { locales } from '@/i18n/routing';
import { email, formRequest, name, optionalLine, phone, requiredLine, singleLine } from '@/features/forms/schema';

// One schema per form, used by the page and by the API. Messages are keys of Forms.errors.

/** The spec's limit: 5 MB. */
export const CV_MAX_BYTES = 5_242_880;
export const CV_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type CvMimeType = (typeof CV_TYPES)[number];
/** What the file picker offers (by extension and by type). */
export const CV_ACCEPT = ['.pdf', '.doc', '.docx', ...CV_TYPES].join(',');

/**
 * The type the browser gives a file, or the one its extension implies when the browser gives
 * none (some systems know no type for .doc). The server checks the bytes regardless.
 */
export function cvTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const ext = file.name.toLowerCase().split('.').pop();
  return ext === 'pdf' ? CV_TYPES[0] : ext === 'doc' ? CV_TYPES[1] : ext === 'docx' ? CV_TYPES[2] : '';
}

const text = requiredLine;
export const FILE_ID = /^[A-Za-z0-9_-]{22}$/;
const fileId = z.string().regex(FILE_ID, 'fileRequired');

/** The file as the browser describes it; the bytes are checked when they arrive. */
export const CvFile = z.strictObject(
  {
    filename: z.string().min(1, 'fileRequired').max(1000, 'tooLong'),
    mimetype: z.enum(CV_TYPES, 'fileType'),
    size: z.number().int().min(1, 'fileEmpty').max(CV_MAX_BYTES, 'fileTooLarge'),
  },
  { error: 'fileRequired' },
);
export type CvFile = z.infer<typeof CvFile>;
/** What the form knows of a chosen file. */
export function describeFile(file: File): CvFile {
  return { filename: file.name, mimetype: cvTypeOf(file) as CvFile['mimetype'], size: file.size };
}

/** POST /rest/file/cv/uploadurl: the CV form (email, info, file) asks where to send the file. */
export const UploadUrlRequest = z.strictObject({
  file: CvFile,
  email,
  /** A hint about the next role the candidate wants. */
  info: singleLine(z.string().trim().max(100, 'limitExceeded')).default(''),
  locale: z.enum(locales).default('en'),
});
export type UploadUrlRequest = z.infer<typeof UploadUrlRequest>;

/** The CV form once its file is uploaded: POST /rest/form with type 'cv'. */
const CvSubmission = z.strictObject({ fileId });

/** What an application is for: a job of the board or one of our own open positions. */
const ApplicationTarget = z.strictObject({
  kind: z.enum(['job', 'position']),
  id: z.string().min(1).max(64),
});

/** The job application form: POST /rest/form with type 'job_application'. */
export const JobApplicationForm = z.strictObject({
  target: ApplicationTarget,
  name,
  email,
  position: text(200),
  phone,
  currentLocation: text(120),
  /** Optional: the current location says where the candidate is; this only when it differs. */
  residence: optionalLine(120),
  /** Weeks until the candidate can start; 0 when available now. */
  availabilityWeeks: z.preprocess(
    // The page sends what was typed; an empty field is not "0 weeks".
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'required' : 'wholeWeeks') })
      .int('wholeWeeks')
      .min(0, 'wholeWeeks')
      .max(52, 'wholeWeeks'),
  ),
  /** Optional: the availability in weeks says when the candidate can start; this only as a detail. */
  noticePeriod: optionalLine(120),
  fileId,
});
export type JobApplicationForm = z.infer<typeof JobApplicationForm>;

/** The bodies of POST /rest/form for an application and a CV sent on spec. */
export const JobApplicationRequest = formRequest('job_application', JobApplicationForm);
export const CvRequest = formRequest('cv', CvSubmission);
export type ApplicationRequest = z.infer<typeof JobApplicationRequest | typeof CvRequest>;

/** One of the consultancy's open roles, as an operator adds it (`npm run positions -- add`). */
export const PositionInput = z.strictObject({
  /** Its address: /careers/{id}. */
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    .max(64),
  role: z.string().trim().min(3).max(200),
  /** The language the description is written in. */
  locale: z.enum(locales),
  location: z.string().trim().max(120).default(''),
  /** HTML; sanitized when stored. */
  description: z.string().min(1).max(100_000),
});
export type PositionInput = z.infer<typeof PositionInput>;

/** The application form as the page checks it: the file itself instead of its upload id. */
export const JobApplicationFields = JobApplicationForm.omit({ target: true, fileId: true }).extend({ file: CvFile });
