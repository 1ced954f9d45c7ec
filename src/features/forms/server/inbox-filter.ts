import type { z } from 'zod';
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
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000) : undefined,
    q: q.q,
  };
}
