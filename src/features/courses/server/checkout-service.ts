import 'server-only';
import { isPlausibleId } from '@/lib/ids';
import { randomBytes, randomInt } from 'node:crypto';
import { localizedPath, type Locale } from '@/i18n/routing';
import { rateLimit } from '@/server/api/rate-limit';
import { AppError } from '@/server/api/errors';
import type { Db, DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { enqueueMail } from '@/server/mail/mail';
import type { Queue } from '@/server/queue/queue';
import { looksLikeABot } from '@/features/leads/traps';
import type { CheckoutRequest, Currency, OrderStatus } from '../schema';
import { formatPrice } from '../format';
import { findExpiredTransfers, findLiveOrderForRegistration, findOrder, findOrderByReference, findStalePendingOrders, insertOrder, isUniqueViolation, lockRegistration, moveOrder, releaseSeats, setOrderSession, takeSeats } from './courses-repository';
import type { CourseOrder, CourseRow } from './courses-table';
import { discountedCents, getCourse, refusal } from './courses-service';
import { CHECKOUT_EXPIRY_SECONDS, StripeEvent, type CheckoutSession, type PaymentProvider } from './payments';

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A bank transfer reference people can type: "TR-7K3QX9". */
const newReference = () => `TR-${Array.from({ length: 6 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;

const money = (cents: number, currency: string, locale: string) => formatPrice(cents / 100, currency as Currency, locale);

type CheckoutForm = CheckoutRequest['form'];

const registrationHasOrder = () => new AppError('conflict', 'This registration already has an order.', { errors: [{ path: 'form.registration', message: 'registrationPaid' }] });

/**
 * Seats the order must take: a registration already holds the first one, unless its seat was
 * released (by the operator, or after the hold period), when the order takes them all anew.
 */
async function seatsToTake(db: DbOrTx, form: CheckoutForm): Promise<number> {
  if (!form.registration) return form.quantity;
  const registration = await lockRegistration(db, form.registration);
  if (!registration || registration.courseId !== form.productId) {
    throw new AppError('validation', 'The registration does not belong to this course.', { errors: [{ path: 'form.registration', message: 'registrationUnknown' }] });
  }
  if (await findLiveOrderForRegistration(db, registration.id)) throw registrationHasOrder();
  return registration.releasedAt ? form.quantity : form.quantity - 1;
}

/** Orders per email address and hour: one address cannot hold a course's seats by ordering again and again. */
const ORDERS_PER_EMAIL_PER_HOUR = 3;

/**
 * Starts paying for seats of a course. The seats are taken and the order stored in one
 * transaction. Without a payment provider the order waits for a bank transfer: the instructions
 * and the notification to sales are queued in that same transaction. With Stripe the visitor is
 * sent to its payment page; if Stripe cannot be reached the order is cancelled and its seats
 * given back.
 */
export async function startCheckout(
  db: Db,
  queue: Queue,
  { form, locale, traps }: CheckoutRequest,
  { ip, provider, now = new Date() }: { ip: string; provider: PaymentProvider | null; now?: Date },
): Promise<{ order: string; redirect: string }> {
  const id = randomBytes(18).toString('base64url');
  const successUrl = `${env().PUBLIC_URL}${localizedPath('/checkout/success', locale)}?order=${id}`;
  // A bot is answered like a person and nothing is stored: its "order" is simply never found.
  if (looksLikeABot(traps)) return { order: id, redirect: successUrl };
  await rateLimit('checkout-ip', ip, 10, 600);
  await rateLimit('checkout-email', form.email.toLowerCase(), ORDERS_PER_EMAIL_PER_HOUR, 3600);
  const course = await getCourse(db, form.productId);
  if (form.registration && provider) await replaceAbandonedCardOrder(db, queue, provider, form.registration);
  const unit = discountedCents(course);
  const order = {
    id,
    reference: newReference(),
    courseId: course.id,
    registrationId: form.registration ?? null,
    locale,
    name: form.name,
    email: form.email.toLowerCase(),
    quantity: form.quantity,
    unitAmountCents: unit,
    amountCents: unit * form.quantity,
    currency: course.currency,
    method: provider ? 'stripe' : 'bank_transfer',
    status: provider ? 'pending' : 'awaiting_transfer',
    // A transfer that never comes must not hold seats forever (the courses tick expires it).
    expiresAt: provider ? null : new Date(now.getTime() + env().COURSE_TRANSFER_DAYS * 86_400_000),
    createdAt: now,
  };

  try {
    await db.transaction(async (tx) => {
      const seats = await seatsToTake(tx, form);
      if (seats > 0 && !(await takeSeats(tx, course.id, seats, now))) throw await refusal(tx, course.id, now);
      await insertOrder(tx, { ...order, seatsTaken: seats });
      if (!provider) {
        await enqueueMail(queue, { key: `order-transfer:${id}`, to: order.email, locale, template: 'course-bank-transfer', props: transferMailProps(course, order) }, { tx });
        await notifySales(tx, queue, course, { ...order, seatsTaken: seats }, 'bank transfer requested');
      }
    });
  } catch (err) {
    // Two checkouts for one registration at once: the unique index lets one of them in.
    if (form.registration && isUniqueViolation(err, 'course_orders_registration_live_idx')) throw registrationHasOrder();
    throw err;
  }
  if (!provider) return { order: id, redirect: successUrl };

  try {
    const session = await provider.createCheckout({
      orderId: id,
      courseTitle: course.title,
      currency: course.currency,
      unitAmountCents: unit,
      quantity: form.quantity,
      email: order.email,
      locale,
      successUrl,
      // The registration stays in the address: a visitor who turns back can pay for it again.
      cancelUrl: `${env().PUBLIC_URL}${localizedPath('/checkout', locale)}?course=${encodeURIComponent(course.id)}${form.registration ? `&registration=${encodeURIComponent(form.registration)}` : ''}`,
    });
    await setOrderSession(db, id, session.sessionId);
    return { order: id, redirect: session.url };
  } catch (err) {
    await cancelOrder(db, id);
    throw err;
  }
}

/**
 * A registrant who left Stripe's page (the back button, "cancel") and checks out again replaces
 * the card order still pending for the registration: its payment page is closed at Stripe first,
 * so it can no longer be paid, and then it is cancelled and gives its seats back. A page that
 * Stripe will not close was paid meanwhile: the order is settled from it and the new checkout is
 * refused as for any paid registration.
 */
async function replaceAbandonedCardOrder(db: Db, queue: Queue, provider: PaymentProvider, registrationId: string): Promise<void> {
  const order = await findLiveOrderForRegistration(db, registrationId);
  if (!order || order.status !== 'pending' || order.method !== 'stripe') return;
  if (order.providerSessionId) {
    try {
      await provider.expireCheckout(order.providerSessionId);
    } catch (err) {
      const session = await provider.getCheckout(order.providerSessionId);
      const outcome = howPageEnded(session);
      if (outcome === 'unknown') throw err;
      await applySession(db, queue, order, session, outcome);
      return;
    }
  }
  await cancelOrder(db, order.id);
}

function transferMailProps(course: CourseRow, order: { name: string; quantity: number; amountCents: number; currency: string; reference: string; locale: string; expiresAt: Date | null }) {
  const e = env();
  return {
    name: order.name,
    course: course.title,
    quantity: order.quantity,
    amount: money(order.amountCents, order.currency, order.locale),
    reference: order.reference,
    holder: e.BANK_ACCOUNT_HOLDER,
    iban: e.BANK_IBAN,
    bic: e.BANK_BIC,
    startDate: course.startDate,
    deadline: order.expiresAt!.toISOString(),
  };
}

async function notifySales(tx: DbOrTx, queue: Queue, course: CourseRow, order: Omit<CourseOrder, 'providerSessionId' | 'paidAt' | 'createdAt' | 'expiresAt'>, what: string) {
  await enqueueMail(
    queue,
    {
      key: `order-notification:${order.id}:${order.status}`,
      to: env().SALES_EMAIL,
      replyTo: order.email,
      locale: 'en',
      template: 'lead-notification',
      props: {
        type: 'course_order',
        name: order.name,
        fields: [
          ['status', what],
          ['course', `${course.title} (${course.id})`],
          ['reference', order.reference],
          ['seats', String(order.quantity)],
          ['amount', money(order.amountCents, order.currency, 'en')],
          ['payment', order.method === 'stripe' ? 'card (Stripe)' : 'bank transfer'],
          ['name', order.name],
          ['email', order.email],
          ['registration', order.registrationId ?? '—'],
        ],
        page: localizedPath('/checkout', order.locale as Locale),
        visitorLocale: order.locale,
      },
    },
    { tx },
  );
}

/** Cancels an unpaid order and gives its seats back (once, however often it is called). */
export async function cancelOrder(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await moveOrder(tx, id, ['pending', 'awaiting_transfer'], 'cancelled');
    if (order && order.seatsTaken > 0) await releaseSeats(tx, order.courseId, order.seatsTaken);
    return !!order;
  });
}

/** Marks an order paid (once) and queues the customer's confirmation and the note to sales. */
export async function markOrderPaid(db: Db, queue: Queue, id: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await moveOrder(tx, id, ['pending', 'awaiting_transfer'], 'paid', now);
    if (!order) return false;
    const course = await getCourse(tx, order.courseId);
    await enqueueMail(
      queue,
      {
        key: `order-paid:${order.id}`,
        to: order.email,
        locale: order.locale as Locale,
        template: 'course-payment-received',
        props: { name: order.name, course: course.title, quantity: order.quantity, amount: money(order.amountCents, order.currency, order.locale), reference: order.reference, startDate: course.startDate, timetable: course.timetable },
      },
      { tx },
    );
    await notifySales(tx, queue, course, order, 'paid');
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
      const course = await getCourse(tx, order.courseId);
      const locale = order.locale as Locale;
      await enqueueMail(
        queue,
        {
          key: `order-expired:${order.id}`,
          to: order.email,
          locale,
          template: 'course-order-expired',
          props: {
            name: order.name,
            course: course.title,
            quantity: order.quantity,
            reference: order.reference,
            deadline: (order.expiresAt ?? now).toISOString(),
            // A registration's order keeps it: ordering again then counts the registration's seat, not a second one.
            orderUrl: `${env().PUBLIC_URL}${localizedPath('/checkout', locale)}?course=${encodeURIComponent(course.id)}${order.registrationId ? `&registration=${encodeURIComponent(order.registrationId)}` : ''}`,
          },
        },
        { tx },
      );
      await notifySales(tx, queue, course, order, 'expired unpaid (seats released)');
      return true;
    });
    if (done) expired++;
  }
  return { expired };
}

/** An operator confirms a bank transfer by its reference (`npm run courses -- paid TR-…`). */
export async function confirmTransfer(db: Db, queue: Queue, reference: string): Promise<CourseOrder> {
  const order = await findOrderByReference(db, reference.trim().toUpperCase());
  if (!order) throw new AppError('not_found', `No order with reference ${reference}.`);
  if (!(await markOrderPaid(db, queue, order.id))) throw new AppError('conflict', `Order ${order.reference} is ${order.status}.`);
  return (await findOrder(db, order.id))!;
}

export async function orderStatus(db: DbOrTx, id: string): Promise<OrderStatus> {
  const order = isPlausibleId(id) ? await findOrder(db, id) : undefined;
  if (!order) throw new AppError('not_found', 'No such order.');
  const course = await getCourse(db, order.courseId);
  return {
    status: order.status as OrderStatus['status'],
    method: order.method as OrderStatus['method'],
    reference: order.reference,
    course: course.title,
    quantity: order.quantity,
    amount: order.amountCents / 100,
    currency: order.currency as Currency,
    expiresAt: order.status === 'awaiting_transfer' && order.expiresAt ? order.expiresAt.toISOString() : null,
  };
}

/**
 * How a payment page read back from Stripe ended: paid, given up (expired), or not yet known (still
 * open). Without a status (an account on an old API version) its payment and its expiry time say.
 */
function howPageEnded(session: CheckoutSession, now = new Date()): 'paid' | 'failed' | 'unknown' {
  if (session.status) return session.status === 'complete' ? 'paid' : session.status === 'expired' ? 'failed' : 'unknown';
  if (session.payment_status === 'paid') return 'paid';
  return session.expires_at !== undefined && session.expires_at * 1000 <= now.getTime() ? 'failed' : 'unknown';
}

/** What a payment page says about its order: paid (when the amount and currency are the order's) or given up. */
async function applySession(db: Db, queue: Queue, order: CourseOrder, session: CheckoutSession, outcome: 'paid' | 'failed' | 'unknown'): Promise<void> {
  // A page opened for another order (a session id mixed up) says nothing about this one: an error
  // to look into, not an outcome (the reconciliation counts it failed and asks again next time).
  if (session.client_reference_id !== order.id) throw new AppError('internal', `The payment page ${session.id} belongs to another order than ${order.id}.`);
  if (outcome === 'failed') {
    await cancelOrder(db, order.id);
    return;
  }
  // A bank debit still on its way is not paid yet: async_payment_succeeded follows.
  if (outcome !== 'paid' || session.payment_status !== 'paid') return;
  if (session.amount_total !== order.amountCents || session.currency !== order.currency) {
    log().error({ order: order.id }, 'paid amount does not match the order');
    return;
  }
  await markOrderPaid(db, queue, order.id);
}

const eventOutcome: Record<string, 'paid' | 'failed'> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.expired': 'failed',
  'checkout.session.async_payment_failed': 'failed',
};

/**
 * A signed webhook body. Of a kind the site acts on but not the shape it knows: logged and
 * refused (400), so Stripe delivers it again instead of the order waiting for the reconciliation
 * unnoticed. Of any other kind: acknowledged, nothing done.
 */
export async function receiveStripeEvent(db: () => Promise<Db>, queue: () => Promise<Queue>, body: unknown): Promise<void> {
  const event = StripeEvent.safeParse(body);
  if (event.success) return handleStripeEvent(await db(), await queue(), event.data);
  const type = (body as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && Object.hasOwn(eventOutcome, type)) {
    log().error({ type, issues: event.error.issues.slice(0, 5) }, 'a Stripe event of a handled kind did not parse');
    throw new AppError('bad_request', 'Unexpected event shape.');
  }
}

/** A verified Stripe event about one of our Checkout Sessions; other events are ignored. */
async function handleStripeEvent(db: Db, queue: Queue, event: StripeEvent): Promise<void> {
  const session = event.data.object;
  const outcome = eventOutcome[event.type];
  if (!outcome || !session.client_reference_id) return;
  const order = await findOrder(db, session.client_reference_id);
  if (order) await applySession(db, queue, order, session, outcome);
}

/** Orders still waiting this long after their payment page expired are asked about. */
const RECONCILE_AFTER_MS = (CHECKOUT_EXPIRY_SECONDS + 5 * 60) * 1000;

/**
 * For orders whose webhook never arrived (endpoint down, misconfigured): asks Stripe how each
 * payment page ended, so paid orders are confirmed and abandoned ones give their seats back.
 * An order that never got a payment page (the process stopped in between) is cancelled.
 */
export async function reconcileCardOrders(db: Db, queue: Queue, provider: PaymentProvider, now = new Date()): Promise<{ checked: number; failed: number }> {
  const stale = await findStalePendingOrders(db, new Date(now.getTime() - RECONCILE_AFTER_MS));
  let failed = 0;
  for (const order of stale) {
    // One session Stripe cannot show (deleted, another account, an outage) must not keep the
    // orders after it waiting: it is logged and asked about again at the next tick.
    try {
      if (!order.providerSessionId) {
        await cancelOrder(db, order.id);
        continue;
      }
      const session = await provider.getCheckout(order.providerSessionId);
      await applySession(db, queue, order, session, howPageEnded(session, now));
    } catch (err) {
      failed++;
      log().error({ err, order: order.id }, 'could not settle a card order with the payment provider');
    }
  }
  return { checked: stale.length, failed };
}
