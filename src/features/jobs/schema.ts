// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';

import {
  candidateLocations,
  contractTypes,
  dashboards,
  industries,
  jobDashboards,
  MAX_PAGE_SIZE,
  MAX_QUERY_LENGTH,
  PAGE_SIZE,
  remoteAllowances,
  remunerationRanges,
  workSchedules,
  type JobSearch as PlainJobSearch,
} from './search';

// Everything search.ts defines is part of this module too; JobSearch and JobFilters are the schemas'.
export * from './search';

/** The filter form: every field optional; an empty string means "any". */
const anyOr = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

const JobFilters = z.strictObject({
  industry: anyOr(industries),
  remote_work_allowance: anyOr(remoteAllowances),
  candidate_location_allowance: anyOr(candidateLocations),
  contract_type: anyOr(contractTypes),
  work_schedule_type: anyOr(workSchedules),
  remuneration_range: anyOr(remunerationRanges),
});
export const JobSearch = z.strictObject({
  dashboard: z.enum(dashboards).default('all'),
  queryText: z.string().trim().max(MAX_QUERY_LENGTH).default(''),
  filters: JobFilters.default({}),
});
export type JobSearch = z.infer<typeof JobSearch>;
// The board's plain type (search.ts) and the schema's must stay the same.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** @public A check the compiler makes; nothing reads it. */
export const searchTypesAgree: Same<JobSearch, PlainJobSearch> = true;

export const JobSearchRequest = z.strictObject({
  search: JobSearch.default({ dashboard: 'all', queryText: '', filters: {} }),
  lastEvaluatedKey: z.string().max(500).nullable().optional(),
});
export type JobSearchRequest = z.infer<typeof JobSearchRequest>;

export const JobSearchQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  count: z.enum(['true', 'false']).optional(),
  locale: z.enum(['en', 'es', 'fr', 'de', 'it']).default('en'),
});

/** The job card of the spec, plus what the page needs to format it in any language. */
export const JobCard = z.object({
  id: z.string(),
  position: z.string(),
  company: z.string().nullable(),
  wfh_allowance: z.enum(remoteAllowances),
  remuneration_formatted: z.string().nullable(),
  client_location: z.string().nullable(),
  /** `client_location` in the request's language ("Genf, Schweiz"), as the card shows it. */
  client_location_formatted: z.string().nullable(),
  tags: z.array(z.string()),
  short_description: z.string(),
  has_jd: z.boolean(),
  created_at: z.string(),
  /** `created_at` as a date in the request's language, as the card shows it. */
  created_at_formatted: z.string(),
  dashboards: z.array(z.enum(jobDashboards)),
  apply_url: z.string().nullable(),
});
export type JobCard = z.infer<typeof JobCard>;

export const JobSearchResponse = z.object({ items: z.array(JobCard), lastEvaluatedKey: z.string().nullable() });
export type JobSearchResponse = z.infer<typeof JobSearchResponse>;
/** `Capped`: more jobs match than `Count` (the count stops at 1,000). */
export const JobCountResponse = z.object({ Count: z.number().int(), Capped: z.boolean() });
export type JobCountResponse = z.infer<typeof JobCountResponse>;
