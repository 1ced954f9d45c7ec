import 'server-only';
import type { OperatorCommand } from '@/server/commands/command';
import { printable } from '@/server/commands/printable';
import { database } from '@/server/db';
import { queue } from '@/server/queue';
import type { SpamFolder } from '@/features/forms/server';
import { findCourses } from './courses-repository';
import { findOrders } from './orders-repository';
import { findRegistrations } from './registrations-repository';
import { cancelOrderByReference, confirmTransfer } from './orders-service';
import { listSuspectedRegistrations, releaseRegistration, releaseSuspectedRegistration } from './registrations-service';
import { serveWaitingLists } from './waitlist';

const USAGE =
  'Usage: npm run courses -- list | orders | paid <reference> | cancel <reference> | registrations [course] | release <registration> | waitlist [--at <ISO time>]';

const euros = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * `npm run courses -- list` shows the courses and their seats; `orders` the latest orders; `paid
 * TR-XXXXXX` confirms a bank transfer that arrived (the order is marked paid and the customer gets
 * the confirmation mail); `cancel TR-XXXXXX` cancels an unpaid order and gives its seats back;
 * `registrations [course]` shows the latest registrations and whether each holds its seat;
 * `release <registration>` gives a registration's seat back (the registrant withdrew); `waitlist`
 * offers free seats to the waiting lists now (and lets offers that ran out go).
 */
export const coursesCommand: OperatorCommand = {
  name: 'courses',
  usage: USAGE,
  async run([command, reference, ...more], io) {
    const rest = [reference, ...more];
    const { db } = await database();
    if (command === 'list') {
      const rows = await findCourses(db, { unpublished: true });
      io.table(
        rows.map((c) => ({
          id: c.id,
          language: c.locale,
          title: c.title,
          starts: c.startDate,
          deadline: c.applicationDeadline.toISOString().slice(0, 10),
          seats: c.spots,
          taken: c.spotsTaken,
        })),
      );
      return 0;
    }
    if (command === 'orders') {
      const rows = await findOrders(db, 50);
      io.table(
        rows.map((o) => ({
          created: o.createdAt.toISOString(),
          reference: o.reference,
          course: o.courseId,
          seats: o.quantity,
          amount: euros(o.amountCents, o.currency),
          method: o.method,
          status: o.status,
          expires: o.expiresAt?.toISOString() ?? '',
          email: o.email,
        })),
      );
      return 0;
    }
    if (command === 'registrations') {
      const rows = await findRegistrations(db, reference);
      io.table(
        rows.map(({ registration: r, order }) => ({
          created: r.createdAt.toISOString(),
          id: r.id,
          course: r.courseId,
          name: printable(r.name),
          email: printable(r.email),
          // A live order counts the seat now; otherwise the registration holds it until released.
          // A suspected registration holds none until released from the spam folder (decision 030).
          seat:
            r.spam && !order
              ? 'none: suspected spam (npm run leads -- spam)'
              : r.releasedAt
                ? `released ${r.releasedAt.toISOString().slice(0, 10)}`
                : order
                  ? `order ${order}`
                  : `held until ${r.holdUntil?.toISOString().slice(0, 10) ?? 'released'}`,
        })),
      );
      return 0;
    }
    if (command === 'release' && reference) {
      const registration = await releaseRegistration(db, reference);
      io.out(
        `${registration.id}: seat on ${registration.courseId} given back (${printable(registration.name)}, ${printable(registration.email)}).`,
      );
      return 0;
    }
    if (command === 'waitlist') {
      // What the every-minute job does, now; `--at` runs it as of another time (an offer's end, in a test).
      const at = rest[0] === '--at' && rest[1] ? new Date(rest[1]) : new Date();
      if (Number.isNaN(at.getTime())) {
        io.err('--at takes an ISO time such as 2026-12-01T10:00:00Z.');
        return 2;
      }
      const { offered, lapsed } = await serveWaitingLists(db, await queue(), at);
      io.out(`Waiting lists: ${offered} seat(s) offered, ${lapsed} offer(s) ran out.`);
      return 0;
    }
    if (command === 'paid' && reference) {
      const order = await confirmTransfer(db, await queue(), reference);
      io.out(
        `${order.reference}: paid, ${order.quantity} seat(s), ${euros(order.amountCents, order.currency)}; confirmation mail to ${order.email}.`,
      );
      return 0;
    }
    if (command === 'cancel' && reference) {
      const order = await cancelOrderByReference(db, reference);
      io.out(`${order.reference}: cancelled, ${order.seatsTaken} seat(s) given back.`);
      return 0;
    }
    io.err(USAGE);
    return 2;
  },
};

/** Course registrations sent too fast, in `npm run leads -- spam` with the leads (decision 030). */
export const registrationsSpamFolder: SpamFolder = {
  async list(db) {
    return (await listSuspectedRegistrations(db)).map(({ registration: r, order }) => ({
      id: r.id,
      received: r.createdAt.toISOString(),
      type: `course_application${order ? ` (order ${order})` : ''}`,
      reason: r.spam,
      name: printable(r.name),
      email: printable(r.email),
      about: r.courseId,
    }));
  },
  release: (db, q, id) => releaseSuspectedRegistration(db, q, id),
};
