import { z } from 'zod';
import {
  candidateLocations,
  contractTypes,
  currencies,
  industries,
  jobDashboards,
  remoteAllowances,
  salaryPeriods,
  workSchedules,
} from './schema';

/** A list given as an array, or as text separated by `|` or `,` (CSV cells). */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/[|,]/)
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item),
  );
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * One job as operators import it (JSON object or CSV row; docs/jobs-import.md). The same schema
 * builds the demo data and checks the office's job form (whose fields are text, as CSV cells are),
 * so all go through the same checks.
 */
export const JobInput = z
  .strictObject({
    external_id: z.string().trim().min(1).max(100),
    position: z.string().trim().min(2).max(200),
    company: optional(z.string().trim().max(200)),
    dashboards: list(z.enum(jobDashboards)).pipe(z.array(z.enum(jobDashboards)).min(1)),
    industry: z.enum(industries),
    remote_allowance: z.enum(remoteAllowances),
    candidate_locations: optional(list(z.enum(candidateLocations))),
    contract_type: z.enum(contractTypes),
    work_schedule: z.enum(workSchedules),
    salary_min: optional(z.coerce.number().int().positive().max(10_000_000)),
    salary_max: optional(z.coerce.number().int().positive().max(10_000_000)),
    salary_currency: optional(z.enum(currencies)),
    salary_period: optional(z.enum(salaryPeriods)),
    client_location: optional(z.string().trim().max(120)),
    tags: optional(list(z.string().trim().min(1).max(40)).pipe(z.array(z.string()).max(12))),
    short_description: z.string().trim().min(10).max(600),
    description_html: optional(z.string().max(50_000)),
    apply_url: optional(z.url({ protocol: /^https?$/ })),
    valid_through: optional(z.coerce.date()),
    posted_at: optional(z.coerce.date()),
  })
  .refine((j) => j.salary_min === undefined || j.salary_max === undefined || j.salary_min <= j.salary_max, {
    path: ['salary_max'],
    message: 'must not be below salary_min',
  })
  .refine((j) => (j.salary_min === undefined && j.salary_max === undefined) || (j.salary_currency && j.salary_period), {
    path: ['salary_currency'],
    message: 'salary_currency and salary_period are required with a salary',
  });
export type JobInput = z.infer<typeof JobInput>;
