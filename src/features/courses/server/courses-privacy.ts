import 'server-only';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PrivacyContribution } from '@/server/features';
import { courseInvoices, courseOrders, courseRegistrations, courses, courseWaitlist } from './courses-table';

/** Accounting records (an order paid for, its invoice) are kept this long by tax law; their retention rule deletes them after. */
const ACCOUNTING_YEARS = 6;
/** Orders that hold seats until they are paid or run out. */
const UNPAID_LIVE = ['pending', 'awaiting_transfer'];

/**
 * Training's part in a privacy request: course registrations (with their answers), places on
 * waiting lists, orders and their invoices. An erasure deletes all of it but the orders that were
 * paid (refunded ones too) and their invoices, which are accounting records the law keeps: those
 * keep the buyer's name, the billing details the invoice names, the course, seats and amounts,
 * and lose the email and the link to the registration (whose phone and answers go with it). Seats
 * held by what is deleted are given back (an offer's seat then goes to the next in line).
 */
export const coursesPrivacy: PrivacyContribution = {
  async collect(db, email) {
    const registrations = await db
      .select({ registration: courseRegistrations, course: courses.title })
      .from(courseRegistrations)
      .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
      .where(eq(courseRegistrations.email, email))
      .orderBy(asc(courseRegistrations.createdAt));
    const waitlist = await db.select().from(courseWaitlist).where(eq(courseWaitlist.email, email)).orderBy(asc(courseWaitlist.createdAt));
    const orders = await db
      .select({ order: courseOrders, course: courses.title })
      .from(courseOrders)
      .innerJoin(courses, eq(courses.id, courseOrders.courseId))
      .where(eq(courseOrders.email, email))
      .orderBy(asc(courseOrders.createdAt));
    const invoices = orders.length
      ? await db
          .select({ number: courseInvoices.number, issuedAt: courseInvoices.issuedAt, data: courseInvoices.data })
          .from(courseInvoices)
          .where(
            inArray(
              courseInvoices.orderId,
              orders.map((o) => o.order.id),
            ),
          )
      : [];
    return {
      records: {
        course_registrations: registrations.map((r) => ({ ...r.registration, course: r.course })),
        // The offer link's hash is a secret of the link, not the person's data.
        course_waitlist: waitlist.map((w) => ({ ...w, offerTokenHash: undefined })),
        // The payment provider's session id is ours to reconcile with, not the buyer's data (and not a secret to spread).
        course_orders: orders.map(({ order, course }) => ({ ...order, providerSessionId: undefined, course })),
        course_invoices: invoices,
      },
      files: [],
    };
  },

  async erase(db, _queue, email) {
    return db.transaction(async (tx) => {
      const orders = await tx.select().from(courseOrders).where(eq(courseOrders.email, email)).for('update');
      const registrations = await tx.select().from(courseRegistrations).where(eq(courseRegistrations.email, email)).for('update');
      const waiting = await tx.select().from(courseWaitlist).where(eq(courseWaitlist.email, email)).for('update');
      // Paid once (refunded ones too): the books record the payment.
      const kept = orders.filter((o) => o.paidAt !== null);
      const others = orders.filter((o) => o.paidAt === null);
      // Seats: an unpaid order's own; a registration's one, unless released or sold with a kept
      // order; an offer's, held for the person until they register.
      const back = new Map<string, number>();
      const give = (course: string, n: number) => n > 0 && back.set(course, (back.get(course) ?? 0) + n);
      for (const o of others) if (UNPAID_LIVE.includes(o.status)) give(o.courseId, o.seatsTaken);
      const soldWith = new Set(kept.map((o) => o.registrationId));
      for (const r of registrations) if (!r.releasedAt && !soldWith.has(r.id)) give(r.courseId, 1);
      for (const w of waiting) if (w.status === 'offered') give(w.courseId, 1);

      if (kept.length)
        await tx
          .update(courseOrders)
          .set({ email: '', registrationId: null })
          .where(
            inArray(
              courseOrders.id,
              kept.map((o) => o.id),
            ),
          );
      // Orders of other addresses pointing at these registrations (someone paid for another): unlinked, kept.
      const registrationIds = registrations.map((r) => r.id);
      if (registrationIds.length)
        await tx.update(courseOrders).set({ registrationId: null }).where(inArray(courseOrders.registrationId, registrationIds));
      // Their history and any invoice go with them (cascade); an unpaid order has no invoice.
      if (others.length)
        await tx.delete(courseOrders).where(
          inArray(
            courseOrders.id,
            others.map((o) => o.id),
          ),
        );
      if (registrationIds.length) await tx.delete(courseRegistrations).where(inArray(courseRegistrations.id, registrationIds));
      if (waiting.length)
        await tx.delete(courseWaitlist).where(
          inArray(
            courseWaitlist.id,
            waiting.map((w) => w.id),
          ),
        );
      for (const [course, n] of back)
        await tx
          .update(courses)
          .set({ spotsTaken: sql`greatest(${courses.spotsTaken} - ${n}, 0)` })
          .where(eq(courses.id, course));
      const invoices = kept.length
        ? (
            await tx
              .select({ id: courseInvoices.id })
              .from(courseInvoices)
              .where(
                inArray(
                  courseInvoices.orderId,
                  kept.map((o) => o.id),
                ),
              )
          ).length
        : 0;
      return {
        deleted: { course_registrations: registrations.length, course_waitlist: waiting.length, course_orders: others.length },
        kept: [
          ...(kept.length
            ? [
                {
                  kind: 'course_orders',
                  count: kept.length,
                  ground: 'accounting',
                  years: ACCOUNTING_YEARS,
                  removed: ['email', 'phone', 'registration'],
                },
              ]
            : []),
          ...(invoices ? [{ kind: 'course_invoices', count: invoices, ground: 'accounting', years: ACCOUNTING_YEARS, removed: [] }] : []),
        ],
      };
    });
  },
};
