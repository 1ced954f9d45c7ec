import 'server-only';
import { randomBytes } from 'node:crypto';
import { JobInput } from '../job-input-schema';
import type { NewJobRow } from './jobs-table';
import { salaryUsdYear } from './salary';
import { sanitizeDescription } from '@/server/html/sanitize';

// The schema is the office form's too, so it lives beside the feature's other schemas.
export { JobInput };

function newJobId(): string {
  return randomBytes(9).toString('base64url').replace(/[-_]/g, 'x').toLowerCase();
}

export function toJobRow(input: JobInput, id: string = newJobId()): NewJobRow {
  const salary = {
    min: input.salary_min ?? null,
    max: input.salary_max ?? null,
    currency: input.salary_currency ?? null,
    period: input.salary_period ?? null,
  };
  const description = input.description_html ? sanitizeDescription(input.description_html) : '';
  const now = new Date();
  return {
    id,
    externalId: input.external_id,
    position: input.position,
    company: input.company ?? null,
    dashboards: input.dashboards,
    industry: input.industry,
    remoteAllowance: input.remote_allowance,
    candidateLocations: input.candidate_locations ?? [],
    contractType: input.contract_type,
    workSchedule: input.work_schedule,
    salaryMin: salary.min,
    salaryMax: salary.max,
    salaryCurrency: salary.currency,
    salaryPeriod: salary.period,
    salaryUsdYear: salaryUsdYear(salary),
    clientLocation: input.client_location ?? null,
    tags: input.tags ?? [],
    shortDescription: input.short_description,
    descriptionHtml: description || null,
    applyUrl: input.apply_url ?? null,
    validThrough: input.valid_through ?? null,
    createdAt: input.posted_at ?? now,
    updatedAt: now,
    searchText: [input.position, input.company, input.client_location, ...(input.tags ?? []), input.short_description]
      .filter(Boolean)
      .join(' '),
  };
}
