import 'server-only';
import { and, asc, eq, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { courseOrderEvents, courseOrders, courseRegistrations, type CourseOrder, type CourseOrderEvent } from './courses-table';

/** Orders that no longer hold seats; any other status (pending, awaiting a transfer, paid) is live, as the unique index in courses-table says. */
const ENDED_ORDERS = ['cancelled', 'expired'];

/** The status of the registration's live order, as a subquery (null without one). */
export const liveOrderStatus = sql<
  string | null
>`(select ${courseOrders.status} from ${courseOrders} where ${courseOrders.registrationId} = ${courseRegistrations.id} and ${courseOrders.status} not in ${ENDED_ORDERS} limit 1)`;

export async function insertOrder(db: DbOrTx, values: typeof courseOrders.$inferInsert): Promise<void> {
  await db.insert(courseOrders).values(values);
}

export async function findOrder(db: DbOrTx, id: string): Promise<CourseOrder | undefined> {
  const [row] = await db.select().from(courseOrders).where(eq(courseOrders.id, id));
  return row;
}

export async function findOrderByReference(db: DbOrTx, reference: string): Promise<CourseOrder | undefined> {
  const [row] = await db.select().from(courseOrders).where(eq(courseOrders.reference, reference));
  return row;
}

export async function setOrderSession(db: DbOrTx, id: string, sessionId: string): Promise<void> {
  await db.update(courseOrders).set({ providerSessionId: sessionId }).where(eq(courseOrders.id, id));
}

/**
 * Moves an order from one status to another, only if it is still in `from`: a webhook delivered
 * twice, or two at once, changes it once. Undefined when it was not in `from`.
 */
export async function moveOrder(db: DbOrTx, id: string, from: string[], to: string, paidAt?: Date): Promise<CourseOrder | undefined> {
  const [row] = await db
    .update(courseOrders)
    .set({ status: to, ...(paidAt ? { paidAt } : {}) })
    .where(and(eq(courseOrders.id, id), sql`${courseOrders.status} in ${from}`))
    .returning();
  return row;
}

export async function findOrders(db: DbOrTx, limit = 200): Promise<CourseOrder[]> {
  return db
    .select()
    .from(courseOrders)
    .orderBy(sql`${courseOrders.createdAt} desc`)
    .limit(limit);
}

/** Card orders still waiting for their payment that were started before `before`. */
export async function findStalePendingOrders(db: DbOrTx, before: Date, limit = 100): Promise<CourseOrder[]> {
  return db
    .select()
    .from(courseOrders)
    .where(and(eq(courseOrders.status, 'pending'), lt(courseOrders.createdAt, before)))
    .orderBy(asc(courseOrders.createdAt))
    .limit(limit);
}

/** Bank transfer orders still unpaid at `now`, past their deadline. */
export async function findExpiredTransfers(db: DbOrTx, now: Date, limit = 200): Promise<CourseOrder[]> {
  return db
    .select()
    .from(courseOrders)
    .where(and(eq(courseOrders.status, 'awaiting_transfer'), lte(courseOrders.expiresAt, now)))
    .orderBy(asc(courseOrders.expiresAt))
    .limit(limit);
}

/** The order (pending, awaiting a transfer or paid) that counts a registration's seat, if any. */
export async function findLiveOrderForRegistration(db: DbOrTx, registrationId: string): Promise<CourseOrder | undefined> {
  const [row] = await db
    .select()
    .from(courseOrders)
    .where(and(eq(courseOrders.registrationId, registrationId), notInArray(courseOrders.status, ENDED_ORDERS)));
  return row;
}

/** One step of an order's history (courseOrderEvents), in the caller's transaction. */
export async function recordOrderEvent(
  db: DbOrTx,
  orderId: string,
  kind: CourseOrderEvent['kind'],
  extra: { actor?: string | null; amountCents?: number | null; detail?: Record<string, string> | null; at?: Date } = {},
): Promise<void> {
  await db.insert(courseOrderEvents).values({
    orderId,
    kind,
    actor: extra.actor ?? null,
    amountCents: extra.amountCents ?? null,
    detail: extra.detail ?? null,
    ...(extra.at ? { at: extra.at } : {}),
  });
}

export async function findOrderEvents(db: DbOrTx, orderId: string): Promise<CourseOrderEvent[]> {
  return db
    .select()
    .from(courseOrderEvents)
    .where(eq(courseOrderEvents.orderId, orderId))
    .orderBy(asc(courseOrderEvents.at), asc(courseOrderEvents.id));
}

/** The order, its row locked until the transaction ends (a refund or a confirmation races nothing). */
export async function lockOrder(db: DbOrTx, id: string): Promise<CourseOrder | undefined> {
  const [row] = await db.select().from(courseOrders).where(eq(courseOrders.id, id)).for('update');
  return row;
}

export async function updateOrder(db: DbOrTx, id: string, values: Partial<typeof courseOrders.$inferInsert>): Promise<void> {
  await db.update(courseOrders).set(values).where(eq(courseOrders.id, id));
}
