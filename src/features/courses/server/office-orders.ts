import 'server-only';
import type { Locale } from '@/i18n/routing';
import type { Db } from '@/server/db';
import { AppError, refused, type ProblemKey } from '@/server/errors';
import { enqueueMail } from '@/server/mail/mail';
import { mailsAbout } from '@/server/mail/mail-log';
import { audit } from '@/server/office/audit';
import { recordsOfPerson, type Viewer } from '@/server/office/person';
import type { Queue } from '@/server/queue/queue';
import { cursorOf, daysOf, LIST_PAGE, pageOf } from '@/server/db/keyset';
import type { ConfirmTransferBody, OfficeOrdersQuery, OfficeRegistrationsQuery, RefundBody, REGISTRATION_STATES } from '../office-schema';
import { transferMailProps } from './checkout-service';
import { courseBankTransfer } from './courses-mails';
import { releaseSeats } from './courses-repository';
import { seatsChanged } from './courses-changed';
import { findInvoiceOfOrder } from './invoices-repository';
import { findOrder, findOrderEvents, lockOrder, recordOrderEvent, updateOrder } from './orders-repository';
import { findRegistration, markRegistrationReleased } from './registrations-repository';
import { getCourse } from './courses-service';
import { countOrderEvents, findOrdersOfRegistration, findOrdersPage, findRegistrationsPage } from './office-repository';
import { invoicePdf } from './invoice-pdf';
import type { CourseOrder, CourseRegistration } from './courses-table';
import { cancelOrder, markOrderPaid, type By } from './orders-service';
import type { PaymentProvider } from './payments';
import { releaseRegistration } from './registrations-service';

// Registrations and orders as staff work them: the lists, an order's page, and what staff may do
// to an order (each step in the order's history and in the audit log).

/** The lists' address as a filter: days are whole days, UTC; the cursor is the last row of the page before. */
const filterOf = (q: { course?: string; from?: string; to?: string; q?: string; after?: string }) => ({
  course: q.course,
  ...daysOf(q),
  q: q.q,
  after: cursorOf(q.after),
});

export type RegistrationRow = CourseRegistration & { order: string | null };

/** A page of registrations, newest first, and the cursor of the next page if there is one. */
export async function listOfficeRegistrations(
  db: Db,
  q: OfficeRegistrationsQuery,
): Promise<{ rows: RegistrationRow[]; next: string | null }> {
  return pageOf(await findRegistrationsPage(db, { ...filterOf(q), state: q.state }, LIST_PAGE + 1), LIST_PAGE);
}

/** A page of orders, newest first, and the cursor of the next page if there is one. */
export async function listOfficeOrders(db: Db, q: OfficeOrdersQuery): Promise<{ rows: CourseOrder[]; next: string | null }> {
  return pageOf(await findOrdersPage(db, { ...filterOf(q), status: q.status, method: q.method }, LIST_PAGE + 1), LIST_PAGE);
}

/**
 * A staff member looks at an order: the order, its course and registration, its history, its
 * mails and the person's other records. The look is in the audit log. Undefined for an unknown id.
 */
export async function viewOrder(db: Db, id: string, by: Viewer) {
  const order = await findOrder(db, id);
  if (!order) return undefined;
  const [course, registration, events, mails, person, invoice] = await Promise.all([
    getCourse(db, order.courseId),
    order.registrationId ? findRegistration(db, order.registrationId) : undefined,
    findOrderEvents(db, id),
    mailsAbout(db, id),
    recordsOfPerson(db, order.email, by.role),
    findInvoiceOfOrder(db, id),
  ]);
  await audit(db, { actor: by.actor, action: 'order.view', record: id, ip: by.ip });
  return { order, course, registration, events, mails, invoice, person: person.filter((p) => p.id !== id) };
}

/** A staff member looks at a registration, with its orders; audited like an order. */
export async function viewRegistration(db: Db, id: string, by: Viewer) {
  const registration = await findRegistration(db, id);
  if (!registration) return undefined;
  const [course, orders, person] = await Promise.all([
    getCourse(db, registration.courseId),
    findOrdersOfRegistration(db, id),
    recordsOfPerson(db, registration.email, by.role),
  ]);
  await audit(db, { actor: by.actor, action: 'registration.view', record: id, ip: by.ip });
  return { registration, course, orders, person: person.filter((p) => p.id !== id && !orders.some((o) => o.id === p.id)) };
}

const conflict = (message: string, key: ProblemKey = 'orderState') => refused('conflict', message, key);

/**
 * A bank transfer arrived: staff give the amount and the day on the statement, and the order is
 * paid (the customer's confirmation and the note to sales are queued). An amount other than the
 * order's is refused (409, `amountMismatch`) until staff confirm they accept it.
 */
export async function confirmTransferReceived(db: Db, queue: Queue, id: string, body: ConfirmTransferBody, by: By) {
  const order = await findOrder(db, id);
  if (!order) throw new AppError('not_found', 'No such order.');
  if (order.method !== 'bank_transfer' || order.status !== 'awaiting_transfer')
    throw conflict(`Order ${order.reference} is ${order.status}.`);
  if (body.amount !== order.amountCents && !body.confirmMismatch) {
    throw new AppError('conflict', 'The amount received differs from the order’s.', {
      errors: [{ path: 'amount', message: 'amountMismatch' }],
    });
  }
  const paid = await markOrderPaid(db, queue, id, new Date(), { by, amountCents: body.amount, receivedOn: body.receivedOn });
  if (!paid) throw conflict(`Order ${order.reference} changed meanwhile.`);
}

/**
 * Staff cancel an unpaid order: its seats come back (a registration's own seat stays held by it).
 * A card order's payment page is closed at Stripe first, so nobody pays for a cancelled order; a
 * page Stripe will not close may have been paid, and the order is left for the tick to settle.
 */
export async function cancelOrderByStaff(db: Db, provider: PaymentProvider | null, id: string, by: By): Promise<void> {
  const order = await findOrder(db, id);
  if (order?.status === 'pending' && order.providerSessionId) {
    if (!provider) throw refused('unavailable', 'Card payments are not configured.', 'paymentsOff', { retryAfterSeconds: 60 });
    try {
      await provider.expireCheckout(order.providerSessionId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'unavailable') throw err;
      throw conflict('Stripe did not close the payment page: it may have been paid. Check again in a few minutes.', 'checkoutOpen');
    }
  }
  if (!(await cancelOrder(db, id, by))) throw conflict('Only an unpaid order can be cancelled.');
}

/** The payment instructions mailed again (a customer who lost them), with the same account and reference. */
export async function resendInstructions(db: Db, queue: Queue, id: string, by: By): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw new AppError('not_found', 'No such order.');
    if (order.status !== 'awaiting_transfer') throw conflict(`Order ${order.reference} is ${order.status}: there is nothing to pay.`);
    const n = await countOrderEvents(tx, id, 'instructions_sent');
    const course = await getCourse(tx, order.courseId);
    // A key of its own per sending (the first one's is the checkout's); it still ends with the order's id.
    await enqueueMail(
      queue,
      {
        key: `order-transfer-${n + 1}:${id}`,
        to: order.email,
        locale: order.locale as Locale,
        template: courseBankTransfer,
        props: transferMailProps(course, order),
      },
      { tx },
    );
    await recordOrderEvent(tx, id, 'instructions_sent', { actor: by.actor, detail: { resent: 'yes' } });
    await audit(tx, { actor: by.actor, action: 'order.resend', record: id, ip: by.ip });
  });
}

/**
 * Gives back part or all of a card payment through Stripe. Without an amount, all that is left.
 * A full refund marks the order refunded and, when staff chose it, gives its seats back (the
 * registration's among them). The refund at Stripe is keyed by the order and what was refunded
 * before, so a second click for the same refund is the same refund, recorded once.
 */
export async function refundOrder(db: Db, provider: PaymentProvider | null, id: string, body: RefundBody, by: By) {
  const order = await findOrder(db, id);
  if (!order) throw new AppError('not_found', 'No such order.');
  if (order.method !== 'stripe' || order.status !== 'paid' || !order.providerSessionId) {
    throw conflict(`Order ${order.reference} is ${order.status} (${order.method}): only a paid card order is refunded here.`);
  }
  if (!provider) throw refused('unavailable', 'Card payments are not configured.', 'paymentsOff', { retryAfterSeconds: 60 });
  const left = order.amountCents - order.refundedCents;
  const amount = body.amount ?? left;
  if (amount < 1 || amount > left)
    throw new AppError('validation', `At most ${left} cents can be refunded.`, { errors: [{ path: 'amount', message: 'refundTooMuch' }] });
  const refund = await provider.refund({
    sessionId: order.providerSessionId,
    amountCents: amount,
    orderId: id,
    idempotencyKey: `refund-${id}-${order.refundedCents}-${amount}`,
  });
  const released = await db.transaction(async (tx) => {
    const current = await lockOrder(tx, id);
    // Recorded by a click that came first with the same refund.
    if (!current || current.refundedCents !== order.refundedCents) return false;
    const full = order.refundedCents + amount >= order.amountCents;
    const release = full && body.releaseSeats;
    await updateOrder(tx, id, {
      refundedCents: order.refundedCents + amount,
      ...(full ? { status: 'refunded' } : {}),
      ...(release ? { seatsReleasedAt: new Date() } : {}),
    });
    if (release) {
      await releaseSeats(tx, order.courseId, order.seatsTaken);
      if (order.registrationId) {
        const registration = await findRegistration(tx, order.registrationId);
        if (registration && !registration.releasedAt) {
          await markRegistrationReleased(tx, registration.id, new Date());
          await releaseSeats(tx, order.courseId, 1);
        }
      }
    }
    await recordOrderEvent(tx, id, 'refunded', {
      actor: by.actor,
      amountCents: amount,
      detail: { refund: refund.id, status: refund.status },
    });
    if (release) await recordOrderEvent(tx, id, 'seat_released', { actor: by.actor });
    await audit(tx, { actor: by.actor, action: 'order.refund', record: id, ip: by.ip });
    return release;
  });
  if (released) await seatsChanged();
}

/** Staff give a registration's seat back (the registrant withdrew); refused while an order counts it. */
export async function releaseRegistrationByStaff(db: Db, id: string, by: By): Promise<void> {
  await releaseRegistration(db, id, new Date(), by);
}

/** Where a registration stands, as the office's lists name it (the filter's states). */
export function registrationStateOf(r: Pick<RegistrationRow, 'spam' | 'releasedAt' | 'order'>): (typeof REGISTRATION_STATES)[number] {
  if (r.spam) return 'spam';
  if (r.order === 'paid' || r.order === 'refunded') return 'paid';
  if (r.order) return 'ordered';
  return r.releasedAt ? 'released' : 'holding';
}

/** An order's invoice as a PDF for staff (a copy for the buyer, the accountant); each download is audited. */
export async function downloadInvoice(db: Db, orderId: string, by: By): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await findInvoiceOfOrder(db, orderId);
  if (!invoice) throw new AppError('not_found', 'This order has no invoice.');
  const pdf = await invoicePdf(invoice.data);
  await audit(db, { actor: by.actor, action: 'invoice.download', record: invoice.id, ip: by.ip });
  return { number: invoice.number, pdf };
}
