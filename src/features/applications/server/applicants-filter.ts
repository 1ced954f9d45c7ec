import type { z } from 'zod';
import { daysOf } from '@/server/db/keyset';
import type { ApplicantFilter } from './applicants';
import type { ApplicantsQuery } from './applicants-schema';

/** The applicants list's query (the page's address, the API's) as a filter; dates are whole days, UTC. */
export function applicantFilterOf(q: z.infer<typeof ApplicantsQuery>): ApplicantFilter {
  return {
    target: q.target,
    status: q.status,
    locale: q.locale,
    ...daysOf(q),
    q: q.q,
  };
}
