import type { z } from 'zod';
import { daysOf } from '@/server/db/keyset';
import type { InboxFilter } from './inbox';
import type { InboxQuery } from './inbox-schema';

/** The inbox's query (the page's address, the API's) as a filter; dates are whole days, UTC. */
export function filterOf(q: z.infer<typeof InboxQuery>): InboxFilter {
  return {
    kind: q.kind,
    status: q.status,
    assignee: q.assignee,
    locale: q.locale,
    source: q.source,
    campaign: q.campaign,
    ...daysOf(q),
    q: q.q,
  };
}
