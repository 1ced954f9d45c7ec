import 'server-only';
import { isPlausibleId } from '@/lib/ids';
import { localizedPath, type Locale } from '@/i18n/routing';
import { AppError } from '@/server/errors';
import type { Db, DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { enqueueMail } from '@/server/mail/mail';
import type { Queue } from '@/server/queue/queue';
import { leadNotification, mailFields } from '@/features/forms/server';
import { officeT } from '@/server/office/office-t';
import type { Currency, OrderStatus } from '../schema';
import { formatPrice } from '../format';
import { courseOrderExpired, coursePaymentReceived } from './courses-mails';
import { releaseSeats } from './courses-repository';
import { seatsChanged } from './courses-changed';
import { findExpiredTransfers, findOrder, findOrderByReference, moveOrder, recordOrderEvent } from './orders-repository';
import { audit } from '@/server/office/audit';
import { issueInvoice } from './invoices';
import type { CourseOrder, CourseRow } from './courses-table';
import { courseText, getCourse } from './courses-service';
import { orderFieldRows } from './staff-fields';

// An order's life after the checkout: paid, cancelled, expired, and what its customer and sales are told.

export const money = (cents: number, currency: string, locale: string) => formatPrice(cents / 100, currency as Currency, locale);

/** What an order's mail to sales says happened to it, by the office's words for it. */
type OrderNews = 'awaiting_transfer' | 'paid' | 'expired';

/** The sales team's mail about an order (in English, the team's language): what happened, then the order, each record linked in the office. */
export async function notifySales(
  tx: DbOrTx,
  queue: Queue,
  course: CourseRow,
  order: Omit<CourseOrder, 'providerSessionId' | 'paidAt' | 'createdAt' | 'expiresAt' | 'refundedCents' | 'seatsReleasedAt'>,
  news: OrderNews,
  /** A change of an order sales were told of already (paid, expired), not the order itself. */
  { update = false }: { update?: boolean } = {},
) {
  const locale = 'en';
  const t = officeT(locale, 'Orders');
  const what = news === 'expired' ? t('events.expired') : t(`statuses.${news}`);
  await enqueueMail(
    queue,
    {
      key: `order-notification:${order.id}:${order.status}`,
      to: env().SALES_EMAIL,
      replyTo: order.email,
      locale,
      template: leadNotification,
      props: {
        type: 'course_order',
        name: order.name,
        fields: mailFields([{ label: t('status'), value: what }, ...orderFieldRows(order, course, locale)], env().PUBLIC_URL),
        page: localizedPath('/checkout', order.locale as Locale),
        visitorLocale: order.locale,
        officeUrl: `${env().PUBLIC_URL}/office/orders/${order.id}`,
        update: update ? what : undefined,
      },
    },
    { tx },
  );
}

/** Who did a step: a staff member (audited), or nobody (the customer, the provider, a tick, an operator command). */
export interface By {
  actor: string;
  ip: string;
}

/** Cancels an unpaid order and gives its seats back (once, however often it is called). */
export async function cancelOrder(db: Db, id: string, by?: By): Promise<boolean> {
  const released = await db.transaction(async (tx) => {
    const order = await moveOrder(tx, id, ['pending', 'awaiting_transfer'], 'cancelled');
    if (!order) return undefined;
    if (order.seatsTaken > 0) await releaseSeats(tx, order.courseId, order.seatsTaken);
    await recordOrderEvent(tx, id, 'cancelled', { actor: by?.actor });
    if (by) await audit(tx, { actor: by.actor, action: 'order.cancel', record: id, ip: by.ip });
    return order.seatsTaken;
  });
  if (released) await seatsChanged();
  return released !== undefined;
}

/** How a payment was received: a transfer staff confirmed (its amount and day), else the provider's word. */
interface Receipt {
  by: By;
  amountCents: number;
  receivedOn: string;
}

/** Marks an order paid (once) and queues the customer's confirmation and the note to sales. */
export async function markOrderPaid(db: Db, queue: Queue, id: string, now = new Date(), receipt?: Receipt): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await moveOrder(
      tx,
      id,
      ['pending', 'awaiting_transfer'],
      'paid',
      receipt ? new Date(`${receipt.receivedOn}T12:00:00Z`) : now,
    );
    if (!order) return false;
    await recordOrderEvent(tx, id, 'paid', {
      actor: receipt?.by.actor,
      amountCents: receipt?.amountCents ?? order.amountCents,
      detail: receipt ? { receivedOn: receipt.receivedOn } : { via: order.method },
      at: now,
    });
    if (receipt) await audit(tx, { actor: receipt.by.actor, action: 'order.paid', record: id, ip: receipt.by.ip });
    const course = await getCourse(tx, order.courseId);
    const invoice = await issueInvoice(tx, order, course, { issuedAt: now, paidAt: order.paidAt ?? now });
    await enqueueMail(
      queue,
      {
        key: `order-paid:${order.id}`,
        to: order.email,
        locale: order.locale as Locale,
        template: coursePaymentReceived,
        props: {
          name: order.name,
          course: courseText(course, order.locale as Locale).title,
          quantity: order.quantity,
          amount: money(order.amountCents, order.currency, order.locale),
          reference: order.reference,
          startDate: course.startDate,
          timetable: courseText(course, order.locale as Locale).timetable,
          invoice: invoice.data,
        },
      },
      { tx },
    );
    await notifySales(tx, queue, course, order, 'paid', { update: true });
    return true;
  });
}

/**
 * An operator gives an unpaid order's seats back (`npm run courses -- cancel TR-…`): a customer
 * who withdrew, or an order that only blocks seats.
 */
export async function cancelOrderByReference(db: Db, reference: string): Promise<CourseOrder> {
  const order = await findOrderByReference(db, reference.trim().toUpperCase());
  if (!order) throw new AppError('not_found', `No order with reference ${reference}.`);
  if (!(await cancelOrder(db, order.id))) throw new AppError('conflict', `Order ${order.reference} is ${order.status}.`);
  return (await findOrder(db, order.id))!;
}

/**
 * Bank transfer orders whose deadline has passed unpaid: each expires (once), gives its seats
 * back and its customer is told, in one transaction. Run by the courses tick.
 */
export async function expireTransferOrders(db: Db, queue: Queue, now = new Date()): Promise<{ expired: number }> {
  let expired = 0;
  for (const stale of await findExpiredTransfers(db, now)) {
    const done = await db.transaction(async (tx) => {
      const order = await moveOrder(tx, stale.id, ['awaiting_transfer'], 'expired');
      if (!order) return false;
      if (order.seatsTaken > 0) await releaseSeats(tx, order.courseId, order.seatsTaken);
      await recordOrderEvent(tx, order.id, 'expired', { at: now });
      const course = await getCourse(tx, order.courseId);
      const locale = order.locale as Locale;
      await enqueueMail(
        queue,
        {
          key: `order-expired:${order.id}`,
          to: order.email,
          locale,
          template: courseOrderExpired,
          props: {
            name: order.name,
            course: courseText(course, locale).title,
            quantity: order.quantity,
            reference: order.reference,
            deadline: (order.expiresAt ?? now).toISOString(),
            // A registration's order keeps it: ordering again then counts the registration's seat, not a second one.
            orderUrl: `${env().PUBLIC_URL}${localizedPath('/checkout', locale)}?course=${encodeURIComponent(course.id)}${order.registrationId ? `&registration=${encodeURIComponent(order.registrationId)}` : ''}`,
          },
        },
        { tx },
      );
      await notifySales(tx, queue, course, order, 'expired', { update: true });
      return true;
    });
    if (done) expired++;
  }
  if (expired) await seatsChanged();
  return { expired };
}

/** An operator confirms a bank transfer by its reference (`npm run courses -- paid TR-…`). */
export async function confirmTransfer(db: Db, queue: Queue, reference: string): Promise<CourseOrder> {
  const order = await findOrderByReference(db, reference.trim().toUpperCase());
  if (!order) throw new AppError('not_found', `No order with reference ${reference}.`);
  if (!(await markOrderPaid(db, queue, order.id))) throw new AppError('conflict', `Order ${order.reference} is ${order.status}.`);
  return (await findOrder(db, order.id))!;
}

/** An order as its success page shows it, the course named in `lang` (the order's language without it). */
export async function orderStatus(db: DbOrTx, id: string, lang?: Locale): Promise<OrderStatus> {
  const order = isPlausibleId(id) ? await findOrder(db, id) : undefined;
  if (!order) throw new AppError('not_found', 'No such order.');
  const course = await getCourse(db, order.courseId);
  return {
    status: order.status as OrderStatus['status'],
    method: order.method as OrderStatus['method'],
    reference: order.reference,
    course: courseText(course, lang ?? (order.locale as Locale)).title,
    quantity: order.quantity,
    amount: order.amountCents / 100,
    currency: order.currency as Currency,
    expiresAt: order.status === 'awaiting_transfer' && order.expiresAt ? order.expiresAt.toISOString() : null,
    // The account is the company's, not the customer's: the page shows it beside the reference, as the mail does.
    bank: order.status === 'awaiting_transfer' ? { holder: env().BANK_ACCOUNT_HOLDER, iban: env().BANK_IBAN, bic: env().BANK_BIC } : null,
  };
}
