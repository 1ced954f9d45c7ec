import 'server-only';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, notExists, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import {
  courseInvoiceCounters,
  courseInvoices,
  courseOrderEvents,
  courseOrders,
  courseRegistrations,
  courses,
  type CourseInvoice,
  type CourseOrder,
  type CourseOrderEvent,
  type CourseRegistration,
  type CourseRow,
  type NewCourseRow,
} from './courses-table';
import type { CourseTranslations } from '../schema';

/** The published courses (taught in `locale`, or all), soonest first; with `unpublished`, the office's whole catalogue. */
export async function findCourses(
  db: DbOrTx,
  { locale, unpublished = false }: { locale?: string; unpublished?: boolean } = {},
): Promise<CourseRow[]> {
  return db
    .select()
    .from(courses)
    .where(and(locale ? eq(courses.locale, locale) : undefined, unpublished ? undefined : eq(courses.published, true)))
    .orderBy(asc(courses.startDate), asc(courses.id));
}

export async function findCourse(db: DbOrTx, id: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row;
}

/** Inserts the courses that do not exist yet; existing ones are left as the operator made them. */
export async function insertCoursesIfAbsent(db: DbOrTx, rows: NewCourseRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(courses).values(rows).onConflictDoNothing().returning({ id: courses.id });
  return inserted.length;
}

/**
 * Gives a course seeded before translations existed its translations and time zone; its timetable
 * loses the fixed offset only if nobody edited it. A course that has translations is left alone.
 */
export async function addCourseTranslations(
  db: DbOrTx,
  id: string,
  {
    translations,
    timeZone,
    timetable,
    oldTimetable,
  }: { translations: CourseTranslations; timeZone: string; timetable: string; oldTimetable: string },
): Promise<void> {
  await db
    .update(courses)
    .set({
      translations,
      timeZone: sql`case when ${courses.timetable} = ${oldTimetable} then ${timeZone} else ${courses.timeZone} end`,
      timetable: sql`case when ${courses.timetable} = ${oldTimetable} then ${timetable} else ${courses.timetable} end`,
    })
    .where(and(eq(courses.id, id), isNull(courses.translations)));
}

/**
 * Takes `seats` seats in one conditional UPDATE: it succeeds only while enough seats are left and
 * the deadline has not passed. Concurrent callers queue on the row lock and each sees the count
 * the previous one committed, so seats are never sold twice. Undefined when refused.
 */
export async function takeSeats(db: DbOrTx, id: string, seats: number, now: Date): Promise<CourseRow | undefined> {
  const [row] = await db
    .update(courses)
    .set({ spotsTaken: sql`${courses.spotsTaken} + ${seats}` })
    .where(
      and(
        eq(courses.id, id),
        eq(courses.published, true),
        sql`${courses.spotsTaken} + ${seats} <= ${courses.spots}`,
        gt(courses.applicationDeadline, now),
      ),
    )
    .returning();
  return row;
}

/** Gives seats back (an order that was never paid). */
export async function releaseSeats(db: DbOrTx, id: string, seats: number): Promise<void> {
  await db
    .update(courses)
    .set({ spotsTaken: sql`greatest(${courses.spotsTaken} - ${seats}, 0)` })
    .where(eq(courses.id, id));
}

export async function insertRegistration(db: DbOrTx, values: typeof courseRegistrations.$inferInsert): Promise<void> {
  await db.insert(courseRegistrations).values(values);
}

export async function findRegistration(db: DbOrTx, id: string): Promise<CourseRegistration | undefined> {
  const [row] = await db.select().from(courseRegistrations).where(eq(courseRegistrations.id, id));
  return row;
}

/**
 * The registration, its row locked until the transaction ends: a checkout counting its seat and a
 * release giving it back take turns, and each then sees what the other committed.
 */
export async function lockRegistration(db: DbOrTx, id: string): Promise<CourseRegistration | undefined> {
  const [row] = await db.select().from(courseRegistrations).where(eq(courseRegistrations.id, id)).for('update');
  return row;
}

/** A released registration holds its seat again (staff released it from the spam folder). */
export async function markRegistrationHeld(db: DbOrTx, id: string, holdUntil: Date | null): Promise<void> {
  await db.update(courseRegistrations).set({ releasedAt: null, holdUntil }).where(eq(courseRegistrations.id, id));
}

export async function clearRegistrationSpam(db: DbOrTx, id: string): Promise<void> {
  await db.update(courseRegistrations).set({ spam: null }).where(eq(courseRegistrations.id, id));
}

/** The registrations suspected of spam, newest first, each with the status of its live order. */
export async function findSuspectedRegistrations(db: DbOrTx, limit: number) {
  return db
    .select({ registration: courseRegistrations, order: liveOrderStatus })
    .from(courseRegistrations)
    .where(isNotNull(courseRegistrations.spam))
    .orderBy(desc(courseRegistrations.createdAt))
    .limit(limit);
}

/**
 * Suspected registrations created before this moment, without any order (an order keeps its
 * registration for the six years of course records); answers how many.
 */
export async function deleteSuspectedRegistrationsBefore(db: DbOrTx, before: Date): Promise<number> {
  const ordered = db.select({ id: courseOrders.id }).from(courseOrders).where(eq(courseOrders.registrationId, courseRegistrations.id));
  const removed = await db
    .delete(courseRegistrations)
    .where(and(isNotNull(courseRegistrations.spam), lt(courseRegistrations.createdAt, before), notExists(ordered)))
    .returning({ id: courseRegistrations.id });
  return removed.length;
}

export async function markRegistrationReleased(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(courseRegistrations).set({ releasedAt: at }).where(eq(courseRegistrations.id, id));
}

/** Orders that no longer hold seats; any other status (pending, awaiting a transfer, paid) is live, as the unique index in courses-table says. */
const ENDED_ORDERS = ['cancelled', 'expired'];

/** The status of the registration's live order, as a subquery (null without one). */
export const liveOrderStatus = sql<
  string | null
>`(select ${courseOrders.status} from ${courseOrders} where ${courseOrders.registrationId} = ${courseRegistrations.id} and ${courseOrders.status} not in ${ENDED_ORDERS} limit 1)`;

/**
 * Registrations whose hold ended before `now` and that still hold a seat with no order paying for
 * it, on courses still open (after the deadline a seat given back helps nobody, and the registrant
 * could no longer pay for a new one).
 */
export async function findLapsedRegistrations(db: DbOrTx, now: Date, limit = 200): Promise<CourseRegistration[]> {
  return db
    .select({ registration: courseRegistrations })
    .from(courseRegistrations)
    .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
    .where(
      and(
        isNull(courseRegistrations.releasedAt),
        lte(courseRegistrations.holdUntil, now),
        gt(courses.applicationDeadline, now),
        sql`${liveOrderStatus} is null`,
      ),
    )
    .orderBy(asc(courseRegistrations.holdUntil))
    .limit(limit)
    .then((rows) => rows.map((r) => r.registration));
}

/** The latest registrations (of one course, or all), each with the status of its live order, if any. */
export async function findRegistrations(db: DbOrTx, courseId?: string, limit = 200) {
  return db
    .select({
      registration: courseRegistrations,
      order: liveOrderStatus,
    })
    .from(courseRegistrations)
    .where(courseId ? eq(courseRegistrations.courseId, courseId) : undefined)
    .orderBy(desc(courseRegistrations.createdAt))
    .limit(limit);
}

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

/** Orders, then registrations without an order left, created before this moment; answers how many of each. */
export async function deleteCourseRecordsBefore(db: DbOrTx, before: Date): Promise<{ orders: number; registrations: number }> {
  const orders = await db.delete(courseOrders).where(lt(courseOrders.createdAt, before)).returning({ id: courseOrders.id });
  const ordered = db.select({ id: courseOrders.id }).from(courseOrders).where(eq(courseOrders.registrationId, courseRegistrations.id));
  const registrations = await db
    .delete(courseRegistrations)
    .where(and(lt(courseRegistrations.createdAt, before), notExists(ordered)))
    .returning({ id: courseRegistrations.id });
  return { orders: orders.length, registrations: registrations.length };
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

/**
 * The year's next invoice number: its counter row is raised and stays locked until the
 * transaction ends, so numbers are consecutive and a rollback gives the number back.
 */
export async function nextInvoiceNumber(db: DbOrTx, year: number): Promise<number> {
  const [counter] = await db
    .insert(courseInvoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: courseInvoiceCounters.year, set: { last: sql`${courseInvoiceCounters.last} + 1` } })
    .returning();
  return counter!.last;
}

export async function insertInvoice(db: DbOrTx, values: typeof courseInvoices.$inferInsert): Promise<CourseInvoice> {
  const [row] = await db.insert(courseInvoices).values(values).returning();
  return row!;
}

export async function findInvoiceOfOrder(db: DbOrTx, orderId: string): Promise<CourseInvoice | undefined> {
  const [row] = await db.select().from(courseInvoices).where(eq(courseInvoices.orderId, orderId));
  return row;
}
