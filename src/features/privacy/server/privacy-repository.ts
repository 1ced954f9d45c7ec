import 'server-only';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { auditLog } from '@/server/office/audit-table';
import { privacyRequests, type PrivacyRequest } from './privacy-table';

type NewRequest = typeof privacyRequests.$inferInsert;

export async function insertRequest(db: DbOrTx, row: NewRequest): Promise<void> {
  await db.insert(privacyRequests).values(row);
}

export async function findRequest(db: DbOrTx, id: string): Promise<PrivacyRequest | undefined> {
  const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
  return row;
}

/** Moves a request on only from the status it is expected in: the answer is the row when it moved (one caller wins). */
export async function moveRequest(
  db: DbOrTx,
  id: string,
  from: PrivacyRequest['status'],
  change: Partial<NewRequest>,
): Promise<PrivacyRequest | undefined> {
  const [row] = await db
    .update(privacyRequests)
    .set(change)
    .where(and(eq(privacyRequests.id, id), eq(privacyRequests.status, from)))
    .returning();
  return row;
}

/** The office's list, newest first: a page of `limit` after the cursor (the last row of the page before). */
export function listRequests(db: DbOrTx, after: { at: Date; id: string } | undefined, limit: number): Promise<PrivacyRequest[]> {
  return db
    .select()
    .from(privacyRequests)
    .where(
      after
        ? or(lt(privacyRequests.createdAt, after.at), and(eq(privacyRequests.createdAt, after.at), lt(privacyRequests.id, after.id)))
        : undefined,
    )
    .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
    .limit(limit);
}

const overdueAt = (now: Date) => and(eq(privacyRequests.status, 'confirmed'), lt(privacyRequests.dueAt, now));

/** Confirmed requests past their deadline, the most overdue first, however old: up to `limit`. */
export function listOverdue(db: DbOrTx, now: Date, limit: number): Promise<PrivacyRequest[]> {
  return db.select().from(privacyRequests).where(overdueAt(now)).orderBy(asc(privacyRequests.dueAt), asc(privacyRequests.id)).limit(limit);
}

/** How many confirmed requests are past their deadline. */
export async function countOverdue(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(privacyRequests).where(overdueAt(now));
  return row?.n ?? 0;
}

/** A request's steps: the audit log's rows about it, oldest first. */
export function stepsOf(db: DbOrTx, id: string) {
  return db
    .select({ at: auditLog.at, action: auditLog.action, actor: auditLog.actor })
    .from(auditLog)
    .where(eq(auditLog.record, id))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

/** The other requests of an address (an erasure takes their copies with it). */
export function otherRequestsOf(db: DbOrTx, email: string, except: string): Promise<PrivacyRequest[]> {
  return db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.email, email), ne(privacyRequests.id, except)));
}

export async function deleteRequests(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(privacyRequests).where(inArray(privacyRequests.id, ids));
}

/** Copies whose link has expired and whose file is still kept. */
export function expiredCopies(db: DbOrTx, now: Date): Promise<PrivacyRequest[]> {
  return db
    .select()
    .from(privacyRequests)
    .where(and(isNotNull(privacyRequests.fileKey), lt(privacyRequests.fileExpiresAt, now)));
}

/** Requests nobody confirmed in time. */
export async function deleteUnconfirmedBefore(db: DbOrTx, before: Date): Promise<string[]> {
  const rows = await db
    .delete(privacyRequests)
    .where(and(eq(privacyRequests.status, 'unconfirmed'), lt(privacyRequests.createdAt, before)))
    .returning({ id: privacyRequests.id });
  return rows.map((r) => r.id);
}

/** Answered requests past the time they are kept as the record of the answer. */
export async function deleteAnsweredBefore(db: DbOrTx, before: Date): Promise<string[]> {
  const rows = await db
    .delete(privacyRequests)
    .where(and(inArray(privacyRequests.status, ['done', 'expired']), lt(privacyRequests.completedAt, before)))
    .returning({ id: privacyRequests.id });
  return rows.map((r) => r.id);
}

/** Requests confirmed and not answered yet: the office's work waiting. */
export async function countOpenRequests(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(privacyRequests).where(eq(privacyRequests.status, 'confirmed'));
  return Number(row?.n ?? 0);
}
