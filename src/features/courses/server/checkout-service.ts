import 'server-only';
import { randomBytes, randomInt } from 'node:crypto';
import { localizedPath, type Locale } from '@/i18n/routing';
import { rateLimit } from '@/server/rate-limit';
import { isUniqueViolation } from '@/server/db/unique-violation';
import { AppError } from '@/server/errors';
import type { Db, DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { enqueueMail } from '@/server/mail/mail';
import type { Queue } from '@/server/queue/queue';
import { checkTraps } from '@/features/forms/schema';
import type { CheckoutRequest } from '../schema';
import { courseBankTransfer } from './courses-mails';
import { takeSeats } from './courses-repository';
import { seatsChanged } from './courses-changed';
import { findLiveOrderForRegistration, insertOrder, recordOrderEvent, setOrderSession } from './orders-repository';
import { lockRegistration, markRegistrationHeld } from './registrations-repository';
import { transferPayBy } from './seat-deadline';
import type { CourseRow } from './courses-table';
import { courseText, discountedCents, getPublicCourse, refusal } from './courses-service';
import { cancelOrder, money, notifySales } from './orders-service';
import type { PaymentProvider } from './payments';
import { applySession, howPageEnded } from './stripe-events';

// A visitor pays for seats: by card through the payment provider, or by bank transfer.

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A bank transfer reference people can type: "TR-7K3QX9". */
const newReference = () => `TR-${Array.from({ length: 6 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;

type CheckoutForm = CheckoutRequest['form'];

const registrationHasOrder = () =>
  new AppError('conflict', 'This registration already has an order.', {
    errors: [{ path: 'form.registration', message: 'registrationPaid' }],
  });

/**
 * Seats the order must take: a registration already holds the first one, unless its seat was
 * released (by the operator, or after the hold period), when the order takes them all anew.
 */
async function seatsToTake(db: DbOrTx, form: CheckoutForm): Promise<{ seats: number; hold: Date | null }> {
  if (!form.registration) return { seats: form.quantity, hold: null };
  const registration = await lockRegistration(db, form.registration);
  if (!registration || registration.courseId !== form.productId) {
    throw new AppError('validation', 'The registration does not belong to this course.', {
      errors: [{ path: 'form.registration', message: 'registrationUnknown' }],
    });
  }
  if (await findLiveOrderForRegistration(db, registration.id)) throw registrationHasOrder();
  return registration.releasedAt ? { seats: form.quantity, hold: null } : { seats: form.quantity - 1, hold: registration.holdUntil };
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
  // A honeypot hit is answered like a person and nothing is stored: its "order" is simply never
  // found. A checkout sent too soon goes on as any other (decision 030): the visitor needs the
  // transfer details or the payment page, the rate limits bound it, and unpaid orders expire.
  if (checkTraps(traps) === 'honeypot') return { order: id, redirect: successUrl };
  await rateLimit('checkout-ip', ip, 10, 600);
  await rateLimit('checkout-email', form.email.toLowerCase(), ORDERS_PER_EMAIL_PER_HOUR, 3600);
  const course = await getPublicCourse(db, form.productId);
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
    billingCompany: form.company || null,
    billingAddress: form.address || null,
    billingVatId: form.vatId || null,
    unitAmountCents: unit,
    amountCents: unit * form.quantity,
    currency: course.currency,
    method: provider ? 'stripe' : 'bank_transfer',
    status: provider ? 'pending' : 'awaiting_transfer',
    // A transfer that never comes must not hold seats forever (the courses tick expires it).
    expiresAt: null as Date | null,
    createdAt: now,
  };

  let taken = 0;
  try {
    await db.transaction(async (tx) => {
      const { seats, hold } = await seatsToTake(tx, form);
      if (seats > 0 && !(await takeSeats(tx, course.id, seats, now))) throw await refusal(tx, course.id, now);
      taken = seats;
      // Paid by the day the seat is held to (seat-deadline.ts): the registration's hold ends then too.
      if (!provider) order.expiresAt = transferPayBy(now, hold);
      if (hold && order.expiresAt && order.expiresAt < hold) await markRegistrationHeld(tx, form.registration!, order.expiresAt);
      await insertOrder(tx, { ...order, seatsTaken: seats });
      await recordOrderEvent(tx, id, 'created', { at: now });
      if (!provider) {
        await recordOrderEvent(tx, id, 'instructions_sent', { at: now });
        await enqueueMail(
          queue,
          { key: `order-transfer:${id}`, to: order.email, locale, template: courseBankTransfer, props: transferMailProps(course, order) },
          { tx },
        );
        await notifySales(tx, queue, course, { ...order, seatsTaken: seats }, 'awaiting_transfer');
      }
    });
  } catch (err) {
    // Two checkouts for one registration at once: the unique index lets one of them in.
    if (form.registration && isUniqueViolation(err, 'course_orders_registration_live_idx')) throw registrationHasOrder();
    throw err;
  }
  if (taken > 0) await seatsChanged();
  if (!provider) return { order: id, redirect: successUrl };

  try {
    const session = await provider.createCheckout({
      orderId: id,
      courseTitle: courseText(course, locale).title,
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

export function transferMailProps(
  course: CourseRow,
  order: {
    name: string;
    quantity: number;
    amountCents: number;
    currency: string;
    reference: string;
    locale: string;
    expiresAt: Date | null;
  },
) {
  const e = env();
  return {
    name: order.name,
    course: courseText(course, order.locale as Locale).title,
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
