import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError, refused } from '@/server/errors';
import { env } from '@/server/env';

/** What a payment provider needs to take the money for an order. */
interface PaymentRequest {
  orderId: string;
  courseTitle: string;
  currency: string;
  /** Per seat, after the discount, in cents. */
  unitAmountCents: number;
  quantity: number;
  email: string;
  locale: string;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A hosted payment page as the provider shows it (Stripe's Checkout Session fields we use): in a
 * webhook event and in `getCheckout`'s reply alike. Both come from outside and are parsed; a
 * reply of another shape settles nothing.
 */
export const CheckoutSession = z.object({
  id: z.string().max(255),
  // Absent from events of API versions before 2020; such an event is settled by its type.
  status: z.enum(['open', 'complete', 'expired']).optional(),
  payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
  amount_total: z.number().int().nullable(),
  currency: z.string().max(8).nullable(),
  // Stripe allows 200 characters; ours are shorter, and a longer one simply matches no order.
  client_reference_id: z.string().max(200).nullable().optional(),
  // Unix seconds; how a session without status is known to have expired.
  expires_at: z.number().int().optional(),
  // The payment a paid page made: what a refund gives back.
  payment_intent: z.string().max(255).nullable().optional(),
});
export type CheckoutSession = z.infer<typeof CheckoutSession>;

/**
 * A webhook event about a Checkout Session, as far as we use it. Events of other kinds, or with
 * other shapes, do not parse and are acknowledged without effect.
 */
export const StripeEvent = z.object({ type: z.string(), data: z.object({ object: CheckoutSession }) });
export type StripeEvent = z.infer<typeof StripeEvent>;

export interface PaymentProvider {
  name: 'stripe';
  /** Opens a hosted payment page; the visitor is sent to `url`. */
  createCheckout(request: PaymentRequest): Promise<{ sessionId: string; url: string }>;
  /** Reads a payment page back, for orders whose webhook never came. */
  getCheckout(sessionId: string): Promise<CheckoutSession>;
  /** Closes a payment page that is still open, so nobody can pay on it any more. */
  expireCheckout(sessionId: string): Promise<void>;
  /**
   * Gives back part or all of what a paid page took. The same `idempotencyKey` makes the same
   * refund however often it is sent (a retried click refunds once).
   */
  refund(r: { sessionId: string; amountCents: number; orderId: string; idempotencyKey: string }): Promise<{ id: string; status: string }>;
}

/** What Stripe answers for a refund, as far as we use it. */
const Refund = z.object({ id: z.string().min(1).max(255), status: z.string().max(40) });

/** Stripe Checkout pages expire after this long (Stripe's minimum is 30 minutes); held seats come back then. */
export const CHECKOUT_EXPIRY_SECONDS = 30 * 60;

// Stripe's hosted page speaks these; others get its automatic choice.
const stripeLocales = new Set(['en', 'es', 'fr', 'de', 'it']);

/** Stripe Checkout through its HTTP API (form-encoded POST, bearer key): no SDK needed for one call. */
export function stripeProvider(secretKey: string, apiUrl: string, fetchImpl: typeof fetch = fetch): PaymentProvider {
  // What Stripe answers when it opens a payment page: only these two fields are used. Its pages
  // are https; a local stand-in for the API served over http (tests, stripe-mock) may serve http ones.
  const CreatedSession = z.object({
    id: z.string().min(1).max(255),
    url: z.url({ protocol: new URL(apiUrl).protocol === 'http:' ? /^https?$/ : /^https$/ }),
  });
  const call = async <T>(
    path: string,
    init: { method: 'GET' | 'POST'; body?: URLSearchParams; idempotencyKey?: string },
    reply: z.ZodType<T>,
  ): Promise<T> => {
    let response: Response;
    try {
      response = await fetchImpl(`${apiUrl}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          // A retried request for the same order opens the same session.
          ...(init.idempotencyKey ? { 'idempotency-key': init.idempotencyKey } : {}),
        },
        body: init.body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new AppError('unavailable', 'The payment provider is unreachable.', { retryAfterSeconds: 30 });
    }
    const body: unknown = await response.json().catch(() => null);
    // Stripe down or busy is an outage (503, try later); any other refusal (a wrong key, a bad
    // request) is ours to fix, and is logged as an error (500).
    if (!response.ok && response.status !== 429 && response.status < 500)
      throw new AppError('internal', `The payment provider refused the request (${response.status}).`);
    if (!response.ok || !body)
      throw new AppError('unavailable', `The payment provider answered ${response.status}.`, { retryAfterSeconds: 30 });
    const parsed = reply.safeParse(body);
    if (!parsed.success)
      throw new AppError(
        'unavailable',
        `The payment provider answered in an unexpected shape (${parsed.error.issues[0]?.path.join('.') || 'body'}).`,
        { retryAfterSeconds: 30 },
      );
    return parsed.data;
  };
  return {
    name: 'stripe',
    getCheckout: (sessionId) => call(`/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, { method: 'GET' }, CheckoutSession),
    async expireCheckout(sessionId) {
      // Stripe refuses (400) a page that is no longer open: paid, or already expired.
      await call(
        `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/expire`,
        { method: 'POST', body: new URLSearchParams() },
        z.unknown(),
      );
    },
    async refund(r) {
      const session = await call(`/v1/checkout/sessions/${encodeURIComponent(r.sessionId)}`, { method: 'GET' }, CheckoutSession);
      if (!session.payment_intent) throw refused('conflict', 'The payment page took no payment to refund.', 'noPaymentToRefund');
      const form = new URLSearchParams({
        payment_intent: session.payment_intent,
        amount: String(r.amountCents),
        'metadata[order_id]': r.orderId,
      });
      return call('/v1/refunds', { method: 'POST', body: form, idempotencyKey: r.idempotencyKey }, Refund);
    },
    async createCheckout(r) {
      const form = new URLSearchParams({
        mode: 'payment',
        client_reference_id: r.orderId,
        customer_email: r.email,
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
        locale: stripeLocales.has(r.locale) ? r.locale : 'auto',
        expires_at: String(Math.floor(Date.now() / 1000) + CHECKOUT_EXPIRY_SECONDS),
        'metadata[order_id]': r.orderId,
        'line_items[0][quantity]': String(r.quantity),
        'line_items[0][price_data][currency]': r.currency,
        'line_items[0][price_data][unit_amount]': String(r.unitAmountCents),
        'line_items[0][price_data][product_data][name]': r.courseTitle,
      });
      const body = await call(
        '/v1/checkout/sessions',
        { method: 'POST', body: form, idempotencyKey: `checkout-${r.orderId}` },
        CreatedSession,
      );
      return { sessionId: body.id, url: body.url };
    },
  };
}

/** Stripe when it is configured; otherwise none, and orders are paid by bank transfer. */
export function paymentProvider(): PaymentProvider | null {
  const e = env();
  return e.STRIPE_SECRET_KEY ? stripeProvider(e.STRIPE_SECRET_KEY, e.STRIPE_API_URL) : null;
}

/** How far a webhook's timestamp may be from our clock (Stripe's default tolerance). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks a `Stripe-Signature` header as Stripe's libraries do: `t=<unix time>,v1=<hex>` where
 * v1 is HMAC-SHA256(secret, `${t}.${raw body}`); any v1 may match (during secret rotation there
 * are two), and t must be within five minutes of now (no replays of old deliveries).
 */
export function verifyStripeSignature(payload: string, header: string | undefined, secret: string, now = Date.now()): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string | undefined]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${payload}`).digest();
  return parts.some(([k, v]) => {
    if (k !== 'v1' || !v || !/^[0-9a-f]{64}$/.test(v)) return false;
    return timingSafeEqual(Buffer.from(v, 'hex'), expected);
  });
}

/** A signature header for a payload, as Stripe would send it (tests and the fake). */
export function stripeSignature(payload: string, secret: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}
