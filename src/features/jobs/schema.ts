// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';

// Dashboards and filter values of the spec (section 9). Shared by the board's form and the API.

export const dashboards = ['all', 'swisstechjobs', 'spaintechjobs', 'frontendjobs'] as const;
export type Dashboard = (typeof dashboards)[number];
/** The dashboards a job can be on ('all' shows every job). */
export const jobDashboards = ['swisstechjobs', 'spaintechjobs', 'frontendjobs'] as const;

export const industries = ['information_technology', 'accounting', 'business_services', 'finance', 'health_care', 'media', 'retail'] as const;
export const remoteAllowances = ['fullremote', 'oneday', 'twodays', 'threedays', 'fourdays', 'todiscuss'] as const;
export const candidateLocations = ['sametimezone', 'europe', 'america', 'asia'] as const;
export const contractTypes = ['freelance', 'permanent'] as const;
export const workSchedules = ['fulltime', 'parttime'] as const;
export const remunerationRanges = ['lessfifty', 'between', 'higherthan'] as const;

export const currencies = ['USD', 'EUR', 'GBP', 'CHF'] as const;
export const salaryPeriods = ['year', 'month', 'day', 'hour'] as const;

export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_QUERY_LENGTH = 200;

/** The filter form: every field optional; an empty string means "any". */
const anyOr = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

export const JobFilters = z.strictObject({
  industry: anyOr(industries),
  remote_work_allowance: anyOr(remoteAllowances),
  candidate_location_allowance: anyOr(candidateLocations),
  contract_type: anyOr(contractTypes),
  work_schedule_type: anyOr(workSchedules),
  remuneration_range: anyOr(remunerationRanges),
});
export type JobFilters = z.infer<typeof JobFilters>;
export const filterValues: Record<keyof JobFilters, readonly string[]> = {
  industry: industries,
  remote_work_allowance: remoteAllowances,
  candidate_location_allowance: candidateLocations,
  contract_type: contractTypes,
  work_schedule_type: workSchedules,
  remuneration_range: remunerationRanges,
};
export const filterNames = Object.keys(filterValues) as (keyof JobFilters)[];

export const JobSearch = z.strictObject({
  dashboard: z.enum(dashboards).default('all'),
  queryText: z.string().trim().max(MAX_QUERY_LENGTH).default(''),
  filters: JobFilters.default({}),
});
export type JobSearch = z.infer<typeof JobSearch>;

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
  tags: z.array(z.string()),
  short_description: z.string(),
  has_jd: z.boolean(),
  created_at: z.string(),
  dashboards: z.array(z.enum(jobDashboards)),
  apply_url: z.string().nullable(),
});
export type JobCard = z.infer<typeof JobCard>;

export const JobSearchResponse = z.object({ items: z.array(JobCard), lastEvaluatedKey: z.string().nullable() });
export type JobSearchResponse = z.infer<typeof JobSearchResponse>;
/** `Capped`: more jobs match than `Count` (the count stops at 1,000). */
export const JobCountResponse = z.object({ Count: z.number().int(), Capped: z.boolean() });
export type JobCountResponse = z.infer<typeof JobCountResponse>;

/** The search as URL query parameters (the board's address), and back. */
export function searchToParams(search: JobSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.queryText) params.set('q', search.queryText);
  for (const name of filterNames) {
    const value = search.filters[name];
    if (value) params.set(name, value);
  }
  return params;
}

export function searchFromParams(dashboard: Dashboard, params: URLSearchParams): JobSearch {
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const parsed = JobSearch.safeParse({ dashboard, queryText: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH), filters });
  // A hand-edited address with an unknown value falls back to no filters rather than an error page.
  return parsed.success ? parsed.data : { dashboard, queryText: '', filters: {} };
}
