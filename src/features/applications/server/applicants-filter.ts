import type { z } from 'zod';
import type { ApplicantFilter } from './applicants';
import type { ApplicantsQuery } from './applicants-schema';

/** The applicants list's query (the page's address, the API's) as a filter; dates are whole days, UTC. */
export function applicantFilterOf(q: z.infer<typeof ApplicantsQuery>): ApplicantFilter {
  return {
    target: q.target,
    status: q.status,
    locale: q.locale,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000) : undefined,
    q: q.q,
  };
}
