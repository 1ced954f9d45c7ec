import 'server-only';
import type { Db } from '@/server/db';
import { cursorOf, LIST_PAGE, pageOf } from '@/server/db/keyset';
import { audit } from '@/server/office/audit';
import { countOverdue, findRequest, listOverdue, listRequests, stepsOf } from './privacy-repository';
import type { PrivacyRequest } from './privacy-table';

/** Overdue requests listed above it, however far back they are (the count says when there are more). */
const OVERDUE_SHOWN = 200;

/**
 * The office's list: a page of requests, newest first, each with its deadline and state; the
 * cursor of the next page (null on the last); and the requests past their deadline, the most
 * overdue first, with their number, so that none is hidden on a later page.
 */
export async function officeRequests(
  db: Db,
  { after, limit = LIST_PAGE, now = new Date() }: { after?: string; limit?: number; now?: Date } = {},
) {
  // One row more than the page tells whether another page follows.
  const [found, overdue, overdueCount] = await Promise.all([
    listRequests(db, cursorOf(after), limit + 1),
    listOverdue(db, now, OVERDUE_SHOWN),
    countOverdue(db, now),
  ]);
  const { rows, next } = pageOf(found, limit);
  const listed = (r: PrivacyRequest) => ({ ...officeRow(r), overdue: r.status === 'confirmed' && !!r.dueAt && r.dueAt < now });
  return {
    rows: rows.map(listed),
    next,
    overdue: overdue.map(listed),
    overdueCount,
  };
}

function officeRow(r: PrivacyRequest) {
  return {
    id: r.id,
    kind: r.kind,
    email: r.email,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    dueAt: r.dueAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}

/** A request and its steps, for its office page; the look is on record. */
export async function viewPrivacyRequest(db: Db, id: string, by: { actor: string; ip: string }) {
  const request = await findRequest(db, id);
  if (!request) return undefined;
  await audit(db, { actor: by.actor, action: 'privacy.view', record: id, ip: by.ip });
  const steps = await stepsOf(db, id);
  return {
    ...officeRow(request),
    locale: request.locale,
    openedBy: request.openedBy,
    fileExpiresAt: request.fileExpiresAt?.toISOString() ?? null,
    outcome: request.outcome ?? null,
    steps: steps.filter((s) => s.action !== 'privacy.view').map((s) => ({ at: s.at.toISOString(), action: s.action, actor: s.actor })),
  };
}
