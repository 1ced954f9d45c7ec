import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { alertSubscriptions, type AlertSubscription } from './alerts-table';

type NewSubscription = typeof alertSubscriptions.$inferInsert;
type SubscriptionChange = Partial<Omit<NewSubscription, 'id'>>;

/** The subscription of an address to a search, locked until the transaction ends. */
export async function findByEmailAndSearchForUpdate(tx: DbOrTx, email: string, searchKey: string): Promise<AlertSubscription | undefined> {
  const [row] = await tx
    .select()
    .from(alertSubscriptions)
    .where(and(eq(alertSubscriptions.email, email), eq(alertSubscriptions.searchKey, searchKey)))
    .for('update');
  return row;
}

export async function insertSubscription(tx: DbOrTx, values: NewSubscription): Promise<AlertSubscription | undefined> {
  const [row] = await tx.insert(alertSubscriptions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findSubscription(db: DbOrTx, id: string, { lock = false } = {}): Promise<AlertSubscription | undefined> {
  const query = db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Applies `change`; with `onlyIfStatus`, only while the subscription still has that status. */
export async function updateSubscriptionRow(
  db: DbOrTx,
  id: string,
  change: SubscriptionChange,
  onlyIfStatus?: string,
): Promise<AlertSubscription | undefined> {
  const where = onlyIfStatus
    ? and(eq(alertSubscriptions.id, id), eq(alertSubscriptions.status, onlyIfStatus))
    : eq(alertSubscriptions.id, id);
  const [row] = await db.update(alertSubscriptions).set(change).where(where).returning();
  return row;
}

/** How many confirmation mails an address was sent since `since`, over all its searches. */
export async function countConfirmationsSince(db: DbOrTx, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(alertSubscriptions)
    .where(and(eq(alertSubscriptions.email, email), sql`${alertSubscriptions.confirmationSentAt} > ${since.toISOString()}::timestamptz`));
  return row?.n ?? 0;
}

export async function deleteSubscription(db: DbOrTx, id: string): Promise<boolean> {
  return (await db.delete(alertSubscriptions).where(eq(alertSubscriptions.id, id)).returning({ id: alertSubscriptions.id })).length > 0;
}

export async function deletePendingCreatedBefore(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db
    .delete(alertSubscriptions)
    .where(and(eq(alertSubscriptions.status, 'pending'), lt(alertSubscriptions.createdAt, before)))
    .returning({ id: alertSubscriptions.id });
  return deleted.length;
}

/** The active subscription due longest ago, locked; one that another worker holds is skipped. */
export async function takeNextDue(tx: DbOrTx, now: Date): Promise<AlertSubscription | undefined> {
  const [row] = await tx
    .select()
    .from(alertSubscriptions)
    .where(and(eq(alertSubscriptions.status, 'active'), sql`${alertSubscriptions.nextDigestAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(alertSubscriptions.nextDigestAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function listAllSubscriptions(db: DbOrTx): Promise<AlertSubscription[]> {
  return db.select().from(alertSubscriptions).orderBy(alertSubscriptions.createdAt);
}
