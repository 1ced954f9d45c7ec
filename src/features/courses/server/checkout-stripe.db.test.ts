import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, useApiDatabase } from '#tests/api-db';
import { loadCatalogueOnce } from './courses-service';
import { officeClient } from '#tests/office';
import { inviteStaff } from '@/server/office/staff-service';
import type { OfficeRole } from '@/server/office/staff-tables';
import { courseOrderEvents, courseOrders, courses } from './courses-table';
import { stripeSignature, verifyStripeSignature } from './payments';

// A local stand-in for Stripe's HTTP API: it records the Checkout Sessions it is asked for and
// answers as Stripe does (or fails, when told to). Webhooks are signed with the real scheme.
const SECRET = 'whsec_test_secret_for_signatures';
const calls: { headers: IncomingMessage['headers']; form: URLSearchParams }[] = [];
const sessions = new Map<string, Record<string, unknown>>();
const refunds: { id: string; key: string; intent: string; amount: number }[] = [];
let failNext: boolean | 'refuse' | 'busy' = false;
let fake: Server;

let ctx: Awaited<ReturnType<typeof useApiDatabase>>;
beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      calls.push({ headers: req.headers, form });
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(req.url!);
      if (req.method === 'POST' && expire) {
        // As Stripe: only an open page can be expired.
        const session = sessions.get(decodeURIComponent(expire[1]!));
        if (session?.status !== 'open') {
          res
            .writeHead(400, { 'content-type': 'application/json' })
            .end('{"error":{"message":"Only Checkout Sessions with a status in [\\"open\\"] can be expired."}}');
          return;
        }
        session.status = 'expired';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(session));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        // As Stripe: an idempotency key seen before answers the same refund; more than was paid is refused.
        const key = String(req.headers['idempotency-key']);
        const intent = form.get('payment_intent')!;
        const amount = Number(form.get('amount'));
        const paidSession = [...sessions.values()].find((x) => x.payment_intent === intent && x.payment_status === 'paid');
        const before = refunds.filter((x) => x.intent === intent && x.key !== key).reduce((sum, x) => sum + x.amount, 0);
        const known = refunds.find((x) => x.key === key);
        if (!known && (!paidSession || before + amount > Number(paidSession.amount_total))) {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"Refund amount is greater than charge."}}');
          return;
        }
        const refund = known ?? { id: `re_${refunds.length + 1}`, key, intent, amount };
        if (!known) refunds.push(refund);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: refund.id, object: 'refund', amount, status: 'succeeded' }));
        return;
      }
      const known = sessions.get(decodeURIComponent(req.url!.replace('/v1/checkout/sessions/', '')));
      if (req.method === 'GET' && known) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(known));
        return;
      }
      if (failNext || req.url !== '/v1/checkout/sessions') {
        const status = failNext === 'refuse' ? 401 : failNext === 'busy' ? 429 : 500;
        failNext = false;
        res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
        return;
      }
      const id = `cs_test_${calls.length}`;
      sessions.set(id, {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]')),
        currency: form.get('line_items[0][price_data][currency]'),
        client_reference_id: form.get('client_reference_id'),
        payment_intent: `pi_${id}`,
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }));
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  // Read once, at the first env() call: set before the API starts.
  process.env.STRIPE_SECRET_KEY = 'sk_test_fake';
  process.env.STRIPE_WEBHOOK_SECRET = SECRET;
  process.env.STRIPE_API_URL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  ctx = await useApiDatabase();
  await loadCatalogueOnce(ctx.database.db);
});
afterAll(async () => {
  await ctx?.cleanup();
  await new Promise((r) => fake.close(r));
});

const COURSE = 'online-01-fs';
let ip = 0;
const checkout = (quantity: number, email = 'pay@example.com') =>
  ctx.api.request('/rest/checkout', {
    ...postJson({
      locale: 'de',
      form: { productId: COURSE, quantity, name: 'Jonas Weber', email, confirmEmail: email },
      traps: { website: '', elapsedMs: 20_000 },
    }),
    headers: { 'content-type': 'application/json', 'x-site-socket-ip': `192.0.2.${++ip}` },
  });
const register = async (email: string) => {
  const res = await ctx.api.request('/rest/form', {
    ...postJson({
      type: 'course_application',
      form: { courseId: COURSE, name: 'Lena Fischer', email, phone: '+49 30 1234567', experience: 'basic', motivation: '' },
      context: { locale: 'de', page: `/de/education/${COURSE}/register`, referrer: '', utm: {} },
      traps: { website: '', elapsedMs: 20_000 },
    }),
    headers: { 'content-type': 'application/json', 'x-site-socket-ip': `192.0.2.${++ip}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { registration: string }).registration;
};
const payFor = (registration: string, email: string) =>
  ctx.api.request('/rest/checkout', {
    ...postJson({
      locale: 'de',
      form: { productId: COURSE, quantity: 1, name: 'Lena Fischer', email, confirmEmail: email, registration },
      traps: { website: '', elapsedMs: 20_000 },
    }),
    headers: { 'content-type': 'application/json', 'x-site-socket-ip': `192.0.2.${++ip}` },
  });
// Per-email limits outlive a run in Redis: each run registers new addresses.
const run = Date.now().toString(36);
const webhook = (event: unknown, signature?: (payload: string) => string) => {
  const payload = JSON.stringify(event);
  return ctx.api.request('/rest/checkout/stripe-webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': (signature ?? ((p) => stripeSignature(p, SECRET)))(payload),
    },
    body: payload,
  });
};
const sessionEvent = (type: string, order: string, extra: Record<string, unknown> = {}) => ({
  id: `evt_${Math.random().toString(36).slice(2)}`,
  type,
  data: {
    object: {
      id: 'cs_test',
      object: 'checkout.session',
      client_reference_id: order,
      payment_status: 'paid',
      amount_total: 288_000,
      currency: 'eur',
      ...extra,
    },
  },
});
const taken = async () => (await ctx.database.db.select().from(courses).where(eq(courses.id, COURSE)))[0]!.spotsTaken;
const orderRow = async (id: string) => (await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.id, id)))[0]!;
const mailsTo = async (to: string) =>
  (
    await ctx.database.query(`select data->>'template' as template from pgboss.job where name = 'mail-send' and data->>'to' = $1`, [to])
  ).rows.map((r) => r.template);

// The courses tick's reconciliation, against the stand-in for Stripe.
const reconcile = async () => {
  const { reconcileCardOrders } = await import('./stripe-events');
  const { stripeProvider } = await import('./payments');
  const { queue } = await import('@/server/queue');
  return reconcileCardOrders(ctx.database.db, await queue(), stripeProvider('sk_test_fake', process.env.STRIPE_API_URL!));
};
/**
 * Makes only these orders due for the reconciliation (started an hour ago, the first the oldest);
 * orders other tests left pending are made recent.
 */
const onlyDue = async (...ids: string[]) => {
  await ctx.database.db.update(courseOrders).set({ createdAt: new Date() }).where(eq(courseOrders.status, 'pending'));
  for (const [i, id] of ids.entries())
    await ctx.database.db
      .update(courseOrders)
      .set({ createdAt: new Date(Date.now() - 3600_000 - (ids.length - i) * 1000) })
      .where(eq(courseOrders.id, id));
};
/** A card order with its payment page open at the stand-in; answers the order's id. */
const openOrder = async (email: string) => ((await (await checkout(1, email)).json()) as { order: string }).order;

describe('checkout with Stripe', () => {
  it('opens a Stripe Checkout Session for the discounted price and sends the visitor there', async () => {
    const res = await checkout(2);
    expect(res.status).toBe(200);
    const { order, redirect } = (await res.json()) as { order: string; redirect: string };
    const call = calls.at(-1)!;
    expect(call.headers.authorization).toBe('Bearer sk_test_fake');
    expect(call.headers['idempotency-key']).toBe(`checkout-${order}`);
    expect(Object.fromEntries(call.form)).toMatchObject({
      mode: 'payment',
      client_reference_id: order,
      customer_email: 'pay@example.com',
      locale: 'de',
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '144000',
      // The course as the customer reads it, in the checkout's language.
      'line_items[0][price_data][product_data][name]': 'Intensivkurs Fullstack-Entwicklung mit Amazon Web Services',
      success_url: `http://localhost:3000/de/checkout/success?order=${order}`,
    });
    expect(redirect).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    expect(await orderRow(order)).toMatchObject({ status: 'pending', method: 'stripe', seatsTaken: 2, amountCents: 288_000 });
    expect(await taken()).toBe(2);
    expect(await mailsTo('pay@example.com')).toEqual([]);

    // Unsigned, wrongly signed or stale deliveries change nothing.
    const paid = sessionEvent('checkout.session.completed', order);
    expect((await webhook(paid, () => '')).status).toBe(400);
    expect((await webhook(paid, (p) => stripeSignature(p, 'whsec_someone_else'))).status).toBe(400);
    expect((await webhook(paid, (p) => stripeSignature(p, SECRET, Math.floor(Date.now() / 1000) - 301))).status).toBe(400);
    expect((await orderRow(order)).status).toBe('pending');
    // Signed bodies of another kind are acknowledged; of a kind we act on but another shape (a
    // session without its fields, an amount as text), refused so that Stripe sends them again.
    // Neither changes anything.
    for (const odd of [null, { type: 'customer.created', data: {} }]) expect((await webhook(odd)).status).toBe(200);
    for (const odd of [
      { type: 'checkout.session.completed' },
      { ...paid, data: { object: { ...paid.data.object, amount_total: '288000' } } },
    ]) {
      expect((await webhook(odd)).status).toBe(400);
    }
    expect((await orderRow(order)).status).toBe('pending');

    // A paid session marks the order paid once, however often Stripe delivers it.
    expect((await webhook(paid)).status).toBe(200);
    expect((await webhook(paid)).status).toBe(200);
    expect(await orderRow(order)).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    expect(await mailsTo('pay@example.com')).toEqual(['course-payment-received']);
    expect(((await (await ctx.api.request(`/rest/checkout/orders/${order}`)).json()) as { status: string }).status).toBe('paid');
  });

  it("ignores a paid session whose amount is not the order's", async () => {
    const { order } = (await (await checkout(1, 'cheat@example.com')).json()) as { order: string };
    expect((await webhook(sessionEvent('checkout.session.completed', order, { amount_total: 100 }))).status).toBe(200);
    expect((await orderRow(order)).status).toBe('pending');
  });

  it('gives the seats back when the session expires unpaid', async () => {
    const before = await taken();
    const { order } = (await (await checkout(3, 'later@example.com')).json()) as { order: string };
    expect(await taken()).toBe(before + 3);
    expect((await webhook(sessionEvent('checkout.session.expired', order, { payment_status: 'unpaid' }))).status).toBe(200);
    expect((await orderRow(order)).status).toBe('cancelled');
    expect(await taken()).toBe(before);
    // A late "completed" for a cancelled order does not resurrect it.
    await webhook(sessionEvent('checkout.session.completed', order));
    expect((await orderRow(order)).status).toBe('cancelled');
  });

  it('answers 503 when Stripe fails, and keeps no seat', async () => {
    const before = await taken();
    failNext = true;
    const res = await checkout(1, 'unlucky@example.com');
    expect(res.status).toBe(503);
    expect(await taken()).toBe(before);
    const [row] = await ctx.database.db.select().from(courseOrders).where(eq(courseOrders.email, 'unlucky@example.com'));
    expect(row!.status).toBe('cancelled');
  });

  it('answers 503 with Retry-After when Stripe is busy (429), and keeps no seat', async () => {
    const before = await taken();
    failNext = 'busy';
    const res = await checkout(1, 'busy@example.com');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await taken()).toBe(before);
  });

  it('answers 500, not a 503 to retry, when Stripe refuses the request (a wrong key), and keeps no seat', async () => {
    const before = await taken();
    failNext = 'refuse';
    const res = await checkout(1, 'refused@example.com');
    expect(res.status).toBe(500);
    expect(await taken()).toBe(before);
  });
});

describe("a registrant who turns back on Stripe's page", () => {
  it('comes back to a checkout for the registration, and a new checkout replaces the abandoned order', async () => {
    const email = `back-${run}@example.com`;
    const registration = await register(email);
    const before = await taken();
    const first = (await (await payFor(registration, email)).json()) as { order: string };
    expect(calls.at(-1)!.form.get('cancel_url')).toBe(`http://localhost:3000/de/checkout?course=${COURSE}&registration=${registration}`);
    const firstSession = (await orderRow(first.order)).providerSessionId!;

    const again = await payFor(registration, email);
    expect(again.status).toBe(200);
    const second = (await again.json()) as { order: string; redirect: string };
    expect(second.redirect).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    // The old page can no longer be paid, its order is cancelled, and the seat is counted once.
    expect(sessions.get(firstSession)!.status).toBe('expired');
    expect((await orderRow(first.order)).status).toBe('cancelled');
    expect(await orderRow(second.order)).toMatchObject({ status: 'pending', registrationId: registration, seatsTaken: 0 });
    expect(await taken()).toBe(before);
  });

  it('is refused when the abandoned page was paid after all, and that payment is kept', async () => {
    const email = `paid-late-${run}@example.com`;
    const registration = await register(email);
    const { order } = (await (await payFor(registration, email)).json()) as { order: string };
    Object.assign(sessions.get((await orderRow(order)).providerSessionId!)!, { status: 'complete', payment_status: 'paid' });
    const again = await payFor(registration, email);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { errors: unknown[] }).errors).toEqual([{ path: 'form.registration', message: 'registrationPaid' }]);
    expect((await orderRow(order)).status).toBe('paid');
    expect(await mailsTo(email)).toContain('course-payment-received');
  });
});

describe('an account on an API version whose sessions have no status', () => {
  it('keeps the payment of an abandoned page that was paid after all', async () => {
    const email = `no-status-${run}@example.com`;
    const registration = await register(email);
    const { order } = (await (await payFor(registration, email)).json()) as { order: string };
    const session = sessions.get((await orderRow(order)).providerSessionId!)!;
    delete session.status;
    session.payment_status = 'paid';
    const again = await payFor(registration, email);
    expect(again.status).toBe(409);
    expect((await orderRow(order)).status).toBe('paid');
  });

  it('settles an order whose page expired unpaid, and leaves one still open', async () => {
    const [expired, stillOpen] = [await openOrder('old-api-x@example.com'), await openOrder('old-api-o@example.com')];
    await onlyDue(expired, stillOpen);
    for (const [id, expiresAt] of [
      [expired, Date.now() / 1000 - 60],
      [stillOpen, Date.now() / 1000 + 600],
    ] as const) {
      const session = sessions.get((await orderRow(id)).providerSessionId!)!;
      delete session.status;
      session.expires_at = Math.floor(expiresAt);
    }
    expect(await reconcile()).toEqual({ checked: 2, failed: 0 });
    expect((await orderRow(expired)).status).toBe('cancelled');
    expect((await orderRow(stillOpen)).status).toBe('pending');
  });
});

describe('orders whose webhook never came', () => {
  it('are settled from Stripe once their payment page has expired: paid, abandoned, or never opened', async () => {
    const [broken, paid, abandoned, stillOpen, orphan] = [
      await openOrder('e@example.com'),
      await openOrder('a@example.com'),
      await openOrder('b@example.com'),
      await openOrder('c@example.com'),
      await openOrder('d@example.com'),
    ];
    const before = await taken();
    // The oldest is asked about first; Stripe fails to show it (an unknown session answers 500).
    await onlyDue(broken, paid, abandoned, stillOpen, orphan);
    await ctx.database.db.update(courseOrders).set({ providerSessionId: 'cs_test_lost' }).where(eq(courseOrders.id, broken));
    await ctx.database.db.update(courseOrders).set({ providerSessionId: null }).where(eq(courseOrders.id, orphan));
    Object.assign(sessions.get((await orderRow(paid)).providerSessionId!)!, { status: 'complete', payment_status: 'paid' });
    Object.assign(sessions.get((await orderRow(abandoned)).providerSessionId!)!, { status: 'expired' });

    expect(await reconcile()).toEqual({ checked: 5, failed: 1 });
    expect((await orderRow(broken)).status).toBe('pending');
    expect((await orderRow(paid)).status).toBe('paid');
    expect(await mailsTo('a@example.com')).toEqual(['course-payment-received']);
    expect((await orderRow(abandoned)).status).toBe('cancelled');
    expect((await orderRow(stillOpen)).status).toBe('pending');
    expect((await orderRow(orphan)).status).toBe('cancelled');
    expect(await taken()).toBe(before - 2);
  });

  it("are not settled from a reply of another shape, nor from another order's page", async () => {
    const [odd, swapped, other] = [await openOrder('f@example.com'), await openOrder('g@example.com'), await openOrder('h@example.com')];
    await onlyDue(odd, swapped);
    // Paid, but the amount comes as text: not the shape Stripe documents.
    Object.assign(sessions.get((await orderRow(odd)).providerSessionId!)!, {
      status: 'complete',
      payment_status: 'paid',
      amount_total: '2880.00',
    });
    // The order's page id leads to a paid page of another order, for the same amount.
    Object.assign(sessions.get((await orderRow(swapped)).providerSessionId!)!, {
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: other,
    });

    expect(await reconcile()).toEqual({ checked: 2, failed: 2 });
    expect((await orderRow(odd)).status).toBe('pending');
    expect((await orderRow(swapped)).status).toBe('pending');
    expect(await mailsTo('f@example.com')).toEqual([]);
    expect(await mailsTo('g@example.com')).toEqual([]);
  });
});

describe('Stripe signatures', () => {
  const payload = '{"id":"evt_1"}';
  const now = Date.UTC(2026, 0, 1);
  const t = now / 1000;
  it('accepts any matching v1 within five minutes, and nothing else', () => {
    const good = stripeSignature(payload, SECRET, t);
    expect(verifyStripeSignature(payload, good, SECRET, now)).toBe(true);
    expect(verifyStripeSignature(payload, `${good},v1=${'0'.repeat(64)}`, SECRET, now)).toBe(true);
    expect(verifyStripeSignature(payload, `t=${t},v1=${'0'.repeat(64)},${good.split(',')[1]}`, SECRET, now)).toBe(true);
    expect(verifyStripeSignature(`${payload} `, good, SECRET, now)).toBe(false);
    expect(verifyStripeSignature(payload, good, SECRET, now + 301_000)).toBe(false);
    expect(verifyStripeSignature(payload, good.replace('v1=', 'v0='), SECRET, now)).toBe(false);
    expect(verifyStripeSignature(payload, undefined, SECRET, now)).toBe(false);
  });
});

describe('refunds from the office', () => {
  /** A card order paid at the stand-in (its page completed, the webhook delivered). */
  const paidOrder = async (email: string, quantity = 1, registration?: string) => {
    const res = registration ? await payFor(registration, email) : await checkout(quantity, email);
    const { order } = (await res.json()) as { order: string };
    const session = (await orderRow(order)).providerSessionId!;
    Object.assign(sessions.get(session)!, { status: 'complete', payment_status: 'paid' });
    const stored = await orderRow(order);
    expect(
      (await webhook(sessionEvent('checkout.session.completed', order, { id: session, amount_total: stored.amountCents }))).status,
    ).toBe(200);
    expect((await orderRow(order)).status).toBe('paid');
    return order;
  };
  const staff = async (role: OfficeRole) => {
    const { link } = await inviteStaff(
      ctx.database.db,
      undefined,
      { email: `${role}-refunds-${run}@staff.example`, role },
      { actor: null },
    );
    return officeClient(ctx.api).enrol(link);
  };

  it('refunds part of a payment, then the rest with the seats given back; a repeated click refunds once', async () => {
    const office = officeClient(ctx.api);
    const sales = await staff('sales');
    const registration = await register(`refund-${run}@example.com`);
    const order = await paidOrder(`refund-${run}@example.com`, 1, registration);
    const seatsBefore = await taken();

    const part = { amount: '400', releaseSeats: true };
    expect((await office.call('POST', `/orders/${order}/refund`, { body: part, jar: sales.jar })).status).toBe(200);
    // Partly refunded: still paid, its seat kept even though release was asked (only a full refund may release).
    expect(await orderRow(order)).toMatchObject({ status: 'paid', refundedCents: 40_000, seatsReleasedAt: null });
    expect(await taken()).toBe(seatsBefore);
    const tooMuch = await office.call('POST', `/orders/${order}/refund`, { body: { amount: '1100' }, jar: sales.jar });
    expect(tooMuch.status).toBe(422);

    // The rest, sent twice as a double click would: one refund at Stripe, recorded once.
    const rest = { releaseSeats: true };
    const [a, b] = await Promise.all([
      office.call('POST', `/orders/${order}/refund`, { body: rest, jar: sales.jar }),
      office.call('POST', `/orders/${order}/refund`, { body: rest, jar: sales.jar }),
    ]);
    expect([a.status, b.status]).toContain(200);
    expect(await orderRow(order)).toMatchObject({ status: 'refunded', refundedCents: 144_000 });
    expect((await orderRow(order)).seatsReleasedAt).not.toBeNull();
    const intent = `pi_${(await orderRow(order)).providerSessionId}`;
    expect(refunds.filter((r) => r.intent === intent).map((r) => r.amount)).toEqual([40_000, 104_000]);
    expect(await taken()).toBe(seatsBefore - 1);
    const kinds = (await ctx.database.db.select().from(courseOrderEvents).where(eq(courseOrderEvents.orderId, order))).map((e) => e.kind);
    expect(kinds).toEqual(['created', 'paid', 'refunded', 'refunded', 'seat_released']);
    expect((await office.call('POST', `/orders/${order}/refund`, { body: {}, jar: sales.jar })).status).toBe(409);
  });

  it('keeps the seats of a fully refunded order unless staff chose to give them back', async () => {
    const office = officeClient(ctx.api);
    const trainer = await staff('training');
    const order = await paidOrder(`refund-keep-${run}@example.com`, 2);
    const seatsBefore = await taken();
    expect((await office.call('POST', `/orders/${order}/refund`, { body: {}, jar: trainer.jar })).status).toBe(200);
    expect(await orderRow(order)).toMatchObject({ status: 'refunded', refundedCents: 288_000, seatsReleasedAt: null });
    expect(await taken()).toBe(seatsBefore);
  });
});
