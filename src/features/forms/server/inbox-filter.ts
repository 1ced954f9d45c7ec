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

/** A page's cursor: the last row's time and id. */
export function cursorOf(after: string | undefined): { at: Date; id: string } | undefined {
  const at = after?.slice(0, 24);
  const id = after?.slice(25);
  return at && id && !Number.isNaN(Date.parse(at)) ? { at: new Date(at), id } : undefined;
}

/** The cursor of the page after these rows, or null when this was the last page. */
export function cursorAfter(rows: { createdAt: Date; id: string }[], limit: number): string | null {
  const last = rows.length === limit ? rows.at(-1) : undefined;
  return last ? `${last.createdAt.toISOString()}_${last.id}` : null;
}
