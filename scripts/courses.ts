// `npm run courses -- list` shows the courses and their seats; `npm run courses -- orders` the
// latest orders; `npm run courses -- paid TR-XXXXXX` confirms a bank transfer that arrived (the
// order is marked paid and the customer gets the confirmation mail); `npm run courses -- cancel
// TR-XXXXXX` cancels an unpaid order and gives its seats back; `npm run courses -- registrations
// [course]` shows the latest registrations and whether each holds its seat; `npm run courses --
// release <registration>` gives a registration's seat back (the registrant withdrew).
import '@/features';
import { cancelOrderByReference, confirmTransfer } from '@/features/courses/server/orders-service';
import { findCourses, findOrders, findRegistrations } from '@/features/courses/server/courses-repository';
import { releaseRegistration } from '@/features/courses/server/registrations-service';
import { database } from '@/server/db';
import { QueueName, startQueue } from '@/server/queue';
import { stopRuntime } from '@/server/runtime';
import { printable } from './lib/printable';

const euros = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

async function main() {
  const [command, reference] = process.argv.slice(2);
  const { db } = await database();
  if (command === 'list') {
    const rows = await findCourses(db);
    console.table(
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
  } else if (command === 'orders') {
    const rows = await findOrders(db, 50);
    console.table(
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
  } else if (command === 'registrations') {
    const rows = await findRegistrations(db, reference);
    console.table(
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
  } else if (command === 'release' && reference) {
    const registration = await releaseRegistration(db, reference);
    console.log(
      `${registration.id}: seat on ${registration.courseId} given back (${printable(registration.name)}, ${printable(registration.email)}).`,
    );
  } else if (command === 'paid' && reference) {
    const queue = await startQueue(true);
    const order = await confirmTransfer(db, queue, reference);
    console.log(
      `${order.reference}: paid, ${order.quantity} seat(s), ${euros(order.amountCents, order.currency)}; confirmation mail to ${order.email}.`,
    );
    // Let the mails leave before stopping (a mail that fails stays queued for the next start).
    for (let i = 0; i < 120 && (await queue.unfinishedCount(QueueName.mail)) > 0; i++) await new Promise((r) => setTimeout(r, 500));
  } else if (command === 'cancel' && reference) {
    const order = await cancelOrderByReference(db, reference);
    console.log(`${order.reference}: cancelled, ${order.seatsTaken} seat(s) given back.`);
  } else {
    console.error(
      'Usage: npm run courses -- list | orders | paid <reference> | cancel <reference> | registrations [course] | release <registration>',
    );
    process.exitCode = 2;
  }
  await stopRuntime();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
