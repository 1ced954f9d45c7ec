import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { cursorOf, daysOf, LIST_PAGE, pageOf } from '../db/keyset';
import { auditLog, type AuditRow } from './audit-table';

export interface AuditEntry {
  /** The staff member; null for the operator's command line or someone not signed in. */
  actor: string | null;
  action: string;
  record?: string | null;
  ip?: string | null;
}

/** Appends one row. Pass the transaction of the change it records, so both land or neither. */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db
    .insert(auditLog)
    .values({ id: randomUUID(), actor: entry.actor, action: entry.action, record: entry.record ?? null, ip: entry.ip ?? null });
}

interface AuditQuery {
  actor?: string;
  /** An action, or a family of them (`lead` matches `lead.view`, `lead.status`…). */
  action?: string;
  from?: Date;
  to?: Date;
  /** The last row of the previous page. */
  after?: { at: Date; id: string };
  limit: number;
}

/** Newest first, a page at a time (keyset on the time and id). */
async function findAudit(db: Db, q: AuditQuery): Promise<AuditRow[]> {
  const where: (SQL | undefined)[] = [
    q.actor ? eq(auditLog.actor, q.actor) : undefined,
    q.action ? or(eq(auditLog.action, q.action), like(auditLog.action, `${q.action.replace(/[\\%_]/g, '\\$&')}.%`)) : undefined,
    q.from ? gte(auditLog.at, q.from) : undefined,
    q.to ? lt(auditLog.at, q.to) : undefined,
    q.after ? or(lt(auditLog.at, q.after.at), and(eq(auditLog.at, q.after.at), lt(auditLog.id, q.after.id))) : undefined,
  ];
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(q.limit);
}

/**
 * A page of the log as the office's page and its API ask for it (`from` and `to` are whole days,
 * UTC; `after` is the cursor of the page before), and the cursor of the next page if there is one.
 */
export async function auditPage(db: Db, q: { actor?: string; action?: string; from?: string; to?: string; after?: string }) {
  const found = await findAudit(db, {
    actor: q.actor,
    action: q.action,
    ...daysOf(q),
    after: cursorOf(q.after),
    limit: LIST_PAGE + 1,
  });
  return pageOf(found, LIST_PAGE);
}

/** The retention rule: rows past their three years (the trigger refuses younger ones). */
export async function expireAudit(db: Db, now: Date): Promise<number> {
  const before = new Date(now);
  before.setFullYear(before.getFullYear() - 3);
  // A day's margin: the trigger measures with the database's clock.
  before.setDate(before.getDate() - 1);
  return (await db.delete(auditLog).where(lt(auditLog.at, before)).returning({ id: auditLog.id })).length;
}
