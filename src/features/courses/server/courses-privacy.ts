import 'server-only';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PrivacyContribution } from '@/server/features';
import { courseOrders, courseRegistrations, courses } from './courses-table';

/** Accounting records (an order paid for) are kept this long by tax law; their retention rule deletes them after. */
const ACCOUNTING_YEARS = 6;
/** Orders that hold seats until they are paid or run out. */
const UNPAID_LIVE = ['pending', 'awaiting_transfer'];

/**
 * Training's part in a privacy request: course registrations (with their answers) and orders. An
 * erasure deletes them all but the paid orders, which are accounting records the law keeps: those
 * keep the buyer's name, the course, seats and amounts, and lose the email and the link to the
 * registration (whose phone and answers go with it). Seats held by what is deleted are given back.
 * Invoices, once the site makes them, are accounting records too: their feature's own `privacy`
 * part copies them and keeps them on erasure the same way (ground `accounting`).
 */
export const coursesPrivacy: PrivacyContribution = {
  async collect(db, email) {
    const registrations = await db
      .select({ registration: courseRegistrations, course: courses.title })
      .from(courseRegistrations)
      .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
      .where(eq(courseRegistrations.email, email))
      .orderBy(asc(courseRegistrations.createdAt));
    const orders = await db
      .select({ order: courseOrders, course: courses.title })
      .from(courseOrders)
      .innerJoin(courses, eq(courses.id, courseOrders.courseId))
      .where(eq(courseOrders.email, email))
      .orderBy(asc(courseOrders.createdAt));
    return {
      records: {
        course_registrations: registrations.map((r) => ({ ...r.registration, course: r.course })),
        // The payment provider's session id is ours to reconcile with, not the buyer's data (and not a secret to spread).
        course_orders: orders.map(({ order, course }) => ({ ...order, providerSessionId: undefined, course })),
      },
      files: [],
    };
  },

  async erase(db, _queue, email) {
    return db.transaction(async (tx) => {
      const orders = await tx.select().from(courseOrders).where(eq(courseOrders.email, email)).for('update');
      const registrations = await tx.select().from(courseRegistrations).where(eq(courseRegistrations.email, email)).for('update');
      const paid = orders.filter((o) => o.status === 'paid');
      const others = orders.filter((o) => o.status !== 'paid');
      // Seats: an unpaid order's own; a registration's one, unless released or sold with a paid order.
      const back = new Map<string, number>();
      const give = (course: string, n: number) => n > 0 && back.set(course, (back.get(course) ?? 0) + n);
      for (const o of others) if (UNPAID_LIVE.includes(o.status)) give(o.courseId, o.seatsTaken);
      const soldWith = new Set(paid.map((o) => o.registrationId));
      for (const r of registrations) if (!r.releasedAt && !soldWith.has(r.id)) give(r.courseId, 1);

      if (paid.length)
        await tx
          .update(courseOrders)
          .set({ email: '', registrationId: null })
          .where(
            inArray(
              courseOrders.id,
              paid.map((o) => o.id),
            ),
          );
      // Orders of other addresses pointing at these registrations (someone paid for another): unlinked, kept.
      const registrationIds = registrations.map((r) => r.id);
      if (registrationIds.length)
        await tx.update(courseOrders).set({ registrationId: null }).where(inArray(courseOrders.registrationId, registrationIds));
      if (others.length)
        await tx.delete(courseOrders).where(
          inArray(
            courseOrders.id,
            others.map((o) => o.id),
          ),
        );
      if (registrationIds.length) await tx.delete(courseRegistrations).where(inArray(courseRegistrations.id, registrationIds));
      for (const [course, n] of back)
        await tx
          .update(courses)
          .set({ spotsTaken: sql`greatest(${courses.spotsTaken} - ${n}, 0)` })
          .where(eq(courses.id, course));
      return {
        deleted: { course_registrations: registrations.length, course_orders: others.length },
        kept: paid.length
          ? [
              {
                kind: 'course_orders',
                count: paid.length,
                ground: 'accounting',
                years: ACCOUNTING_YEARS,
                removed: ['email', 'phone', 'registration'],
              },
            ]
          : [],
      };
    });
  },
};
