import 'server-only';
import type { FeatureModule } from '@/server/features';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { defineForm } from '@/features/forms/server';
import { CourseApplicationRequest, CourseWaitlistRequest } from '../schema';
import {
  courseBankTransfer,
  courseOrderExpired,
  coursePaymentReceived,
  courseRegistration,
  waitlistJoined,
  waitlistOffer,
} from './courses-mails';
import { joinWaitlist, serveWaitingLists } from './waitlist';
import { coursesCommand } from './courses-command';
import { coursesRoutes } from './courses-routes';
import { officeCoursesRoutes } from './office-courses-routes';
import { loadCatalogueOnce, removeOldCourseRecords, removeSuspectedRegistrations } from './courses-service';
import { expireUnpaidRegistrations, registerForCourse } from './registrations-service';
import { expireTransferOrders } from './orders-service';
import { paymentProvider } from './payments';
import { reconcileCardOrders } from './stripe-events';
import { seatsChanged } from './courses-changed';
import { registrationsClosedWithin } from './courses-repository';
import { count, eq, isNotNull, isNull } from 'drizzle-orm';
import { weeklyCounts } from '@/server/office/dashboard';
import { courseOrders, courseRegistrations } from './courses-table';
import { coursesPrivacy } from './courses-privacy';

const courseRoles = ['training', 'sales', 'admin'] as const;

/** Every 10 minutes: orders and registrations whose time ran out, and card orders whose webhook never came. */
export const COURSES_TICK = 'courses-tick';
/**
 * Every minute: the waiting lists' offers (a freed seat to the first in line, a lapsed offer to the
 * next), and the cached catalogue pages of a course whose registrations just closed.
 */
const COURSES_WAITLIST = 'courses-waitlist';

/** The training catalogue, course registrations, orders and their payment. */
export const coursesModule: FeatureModule = {
  name: 'courses',
  routes: coursesRoutes,
  // The catalogue (/office/courses), registrations and orders (/office/orders).
  office: officeCoursesRoutes(),
  mails: [courseRegistration, courseBankTransfer, coursePaymentReceived, courseOrderExpired, waitlistJoined, waitlistOffer],
  queues: [
    {
      name: COURSES_TICK,
      // A tick that fails is simply the next tick's work: no retries pile up.
      options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 },
      schedule: '*/10 * * * *',
      // Always: bank transfer orders expire with or without card payments; Stripe is asked only when configured.
      async work(_data, { database, queue }) {
        await expireTransferOrders(database.db, queue);
        const provider = paymentProvider();
        if (provider) await reconcileCardOrders(database.db, queue, provider);
        await expireUnpaidRegistrations(database.db, queue);
      },
    },
    {
      name: COURSES_WAITLIST,
      options: { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 },
      schedule: '* * * * *',
      // Offers that ran out give their seat back; free seats go to the first in line.
      async work(_data, { database, queue }) {
        await serveWaitingLists(database.db, queue);
        // The cards say "closed" and lose their Register link at once, not at the pages' next regeneration.
        if (await registrationsClosedWithin(database.db, 120)) await seatsChanged();
      },
    },
  ],
  retention: [
    { name: 'courseRecords', apply: (db, now) => removeOldCourseRecords(db, now) },
    { name: 'spamRegistrations', apply: (db, now) => removeSuspectedRegistrations(db, now) },
  ],
  commands: [coursesCommand],
  privacy: coursesPrivacy,
  async personRecords(db, email) {
    const [registrations, orders] = await Promise.all([
      db.select().from(courseRegistrations).where(eq(courseRegistrations.email, email)),
      db.select().from(courseOrders).where(eq(courseOrders.email, email)),
    ]);
    return [
      ...registrations.map((r) => ({
        kind: 'course_application',
        id: r.id,
        at: r.createdAt,
        state: r.releasedAt ? 'released' : 'registered',
        officePath: `/office/registrations/${r.id}`,
      })),
      ...orders.map((o) => ({ kind: 'course_order', id: o.id, at: o.createdAt, state: o.status, officePath: `/office/orders/${o.id}` })),
    ];
  },
  dashboard: {
    series: [
      {
        key: 'registrations',
        roles: courseRoles,
        weekly: (db, since) =>
          weeklyCounts(db, courseRegistrations, courseRegistrations.createdAt, since, isNull(courseRegistrations.spam)),
      },
      { key: 'orders', roles: courseRoles, weekly: (db, since) => weeklyCounts(db, courseOrders, courseOrders.createdAt, since) },
      {
        key: 'paidOrders',
        roles: courseRoles,
        weekly: (db, since) => weeklyCounts(db, courseOrders, courseOrders.paidAt, since, isNotNull(courseOrders.paidAt)),
      },
    ],
    waiting: [
      {
        key: 'awaitingPayment',
        roles: courseRoles,
        href: '/office/orders?status=awaiting_transfer',
        async count(db) {
          const [row] = await db.select({ n: count() }).from(courseOrders).where(eq(courseOrders.status, 'awaiting_transfer'));
          return Number(row?.n ?? 0);
        },
      },
    ],
  },
  async seed(database) {
    const courses = await loadCatalogueOnce(database.db);
    if (courses) log().info({ courses }, 'course catalogue loaded');
    if (env().BANK_IS_EXAMPLE) {
      log().warn(
        'Course orders paid by transfer would show the example bank account: set BANK_ACCOUNT_HOLDER, BANK_IBAN and BANK_BIC (or Stripe)',
      );
    }
  },
};

/** The form of POST /rest/form this feature handles: a registration takes a seat and answers its id. */
export const courseForms = [
  defineForm(CourseApplicationRequest, async ({ db, queue, request, ip, now, spam }) => {
    const { id } = await registerForCourse(db, queue, request, { ip, now, spam });
    return { registration: id };
  }),
  defineForm(CourseWaitlistRequest, ({ db, queue, request, ip, now, spam }) => joinWaitlist(db, queue, request, { ip, now, spam })),
];
