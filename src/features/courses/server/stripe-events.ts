import 'server-only';
import { AppError } from '@/server/errors';
import type { Db } from '@/server/db';
import { log } from '@/server/log';
import type { Queue } from '@/server/queue/queue';
import { findOrder, findStalePendingOrders } from './orders-repository';
import type { CourseOrder } from './courses-table';
import { cancelOrder, markOrderPaid } from './orders-service';
import { CHECKOUT_EXPIRY_SECONDS, StripeEvent, type CheckoutSession, type PaymentProvider } from './payments';

// What Stripe says about card orders: its signed webhook events, and the reconciliation that asks
// it about orders whose webhook never came.

/**
 * How a payment page read back from Stripe ended: paid, given up (expired), or not yet known (still
 * open). Without a status (an account on an old API version) its payment and its expiry time say.
 */
export function howPageEnded(session: CheckoutSession, now = new Date()): 'paid' | 'failed' | 'unknown' {
  if (session.status) return session.status === 'complete' ? 'paid' : session.status === 'expired' ? 'failed' : 'unknown';
  if (session.payment_status === 'paid') return 'paid';
  return session.expires_at !== undefined && session.expires_at * 1000 <= now.getTime() ? 'failed' : 'unknown';
}

/** What a payment page says about its order: paid (when the amount and currency are the order's) or given up. */
export async function applySession(
  db: Db,
  queue: Queue,
  order: CourseOrder,
  session: CheckoutSession,
  outcome: 'paid' | 'failed' | 'unknown',
): Promise<void> {
  // A page opened for another order (a session id mixed up) says nothing about this one: an error
  // to look into, not an outcome (the reconciliation counts it failed and asks again next time).
  if (session.client_reference_id !== order.id)
    throw new AppError('internal', `The payment page ${session.id} belongs to another order than ${order.id}.`);
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
export async function reconcileCardOrders(
  db: Db,
  queue: Queue,
  provider: PaymentProvider,
  now = new Date(),
): Promise<{ checked: number; failed: number }> {
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
