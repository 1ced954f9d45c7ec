import { z } from 'zod';
import {
  candidateLocations,
  contractTypes,
  dashboards,
  industries,
  MAX_QUERY_LENGTH,
  remoteAllowances,
  remunerationRanges,
  workSchedules,
} from './schema';

// The office's jobs: the list's filters (the board's, plus the job's state) and the import's
// upload. The job form's body is the import's row (JobInput, job-input-schema.ts): one schema for
// a CSV row, a JSON job, the form and the API.

export const OFFICE_JOB_STATUSES = ['live', 'closed', 'expired'] as const;

const anyOr = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

export const OfficeJobsQuery = z.object({
  dashboard: anyOr(dashboards),
  status: anyOr(OFFICE_JOB_STATUSES),
  industry: anyOr(industries),
  remote_work_allowance: anyOr(remoteAllowances),
  candidate_location_allowance: anyOr(candidateLocations),
  contract_type: anyOr(contractTypes),
  work_schedule_type: anyOr(workSchedules),
  remuneration_range: anyOr(remunerationRanges),
  q: z.string().trim().max(MAX_QUERY_LENGTH).optional(),
  after: z.string().max(500).optional(),
});
export type OfficeJobsQuery = z.infer<typeof OfficeJobsQuery>;

/** The largest import file, in bytes of UTF-8. */
export const IMPORT_MAX_BYTES = 1024 * 1024;

/** An import file as the office uploads it: its text and whether it is CSV or a JSON array. */
export const JobImportBody = z.strictObject({
  format: z.enum(['csv', 'json']),
  text: z.string().min(1, 'required').max(IMPORT_MAX_BYTES, 'tooLarge'),
});
