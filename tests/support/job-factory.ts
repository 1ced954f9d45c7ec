import type { JobInput } from '@/features/jobs/server/job-input';

let n = 0;

/** A valid job for the import schema; override what the test is about. */
export function jobInput(overrides: Partial<JobInput> = {}): JobInput {
  n += 1;
  return {
    external_id: `test-${n}`,
    position: `Software Engineer ${n}`,
    company: 'Testcorp',
    dashboards: ['spaintechjobs'],
    industry: 'information_technology',
    remote_allowance: 'fullremote',
    candidate_locations: ['europe'],
    contract_type: 'permanent',
    work_schedule: 'fulltime',
    salary_min: 60_000,
    salary_max: 70_000,
    salary_currency: 'USD',
    salary_period: 'year',
    client_location: 'Madrid, Spain',
    tags: ['TypeScript'],
    short_description: 'Build and run web applications with a small team.',
    posted_at: new Date(Date.UTC(2026, 10, 1) + n * 60_000),
    ...overrides,
  };
}
