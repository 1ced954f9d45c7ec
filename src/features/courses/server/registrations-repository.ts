import 'server-only';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { courseOrders, courseRegistrations, courses, type CourseRegistration } from './courses-table';
import { liveOrderStatus } from './orders-repository';

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
