import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, jsonContent } from '@/server/api/app-router';
import { locales } from '@/i18n/routing';
import { AppError } from '@/server/errors';
import { env } from '@/server/env';
import { escapeHtml } from '@/server/html/sanitize';
import {
  CardLanguage,
  CheckoutRequest,
  CheckoutResponse,
  CourseCard,
  EventsCount,
  EventsQuery,
  EventsResponse,
  OrderStatus,
  RegistrationSummary,
} from '../schema';
import { startCheckout } from './checkout-service';
import { orderStatus } from './orders-service';
import { registrationSummary } from './registrations-service';
import { receiveStripeEvent } from './stripe-events';
import { getPublicCourse, listCourses, toCourseCard } from './courses-service';
import { paymentProvider, verifyStripeSignature } from './payments';

const IdParam = z.object({ id: z.string().min(1).max(64) });

const events = createRoute({
  method: 'get',
  path: '/events',
  summary: 'The courses (all, or those taught in `locale`), soonest first; or their number with ?count=true',
  request: { query: EventsQuery },
  responses: {
    200: jsonContent(z.union([EventsResponse, EventsCount]), 'Course cards and their count, or {Count}'),
    422: { description: 'Unknown locale' },
  },
});

const course = createRoute({
  method: 'get',
  path: '/course/{id}',
  summary: 'A course card, with its seats left and whether registrations are open',
  request: { params: IdParam, query: CardLanguage },
  responses: { 200: jsonContent(CourseCard, 'The course'), 404: { description: 'Unknown course' } },
});

const description = createRoute({
  method: 'get',
  path: '/course/{id}/description',
  summary: 'Where to read the full description of a course',
  request: { params: IdParam },
  responses: {
    200: jsonContent(
      z.object({ title: z.string(), location: z.string(), url: z.string() }),
      'Title, location and the URL of the sanitized HTML',
    ),
    404: { description: 'Unknown course' },
  },
});

const checkout = createRoute({
  method: 'post',
  path: '/checkout',
  summary: 'Order seats of a course: Stripe Checkout when configured, else bank transfer',
  request: { body: { content: { 'application/json': { schema: CheckoutRequest } }, required: true } },
  responses: {
    200: jsonContent(CheckoutResponse, 'The order and where to send the visitor (the payment page, or the success page)'),
    409: { description: 'Not enough seats left, the deadline has passed, or the registration already has an order' },
    422: { description: 'Invalid fields (messages are keys of Courses.errors or Forms.errors)' },
    429: { description: 'Too many checkouts from this address' },
    503: { description: 'The payment provider is unreachable (the seats are given back)' },
  },
});

const order = createRoute({
  method: 'get',
  path: '/checkout/orders/{id}',
  summary: 'The status of an order (its id is the unguessable one the success page was given)',
  request: { params: z.object({ id: z.string().min(10).max(64) }), query: z.object({ lang: z.enum(locales).optional() }) },
  responses: {
    200: jsonContent(OrderStatus, 'Status, method, course, seats, amount and, while a transfer is awaited, the bank account'),
    404: { description: 'Unknown order' },
  },
});

const registration = createRoute({
  method: 'get',
  path: '/checkout/registrations/{id}',
  summary: "A registration's course, name and email, for its checkout (the id is the unguessable one its mail and page link carry)",
  request: { params: z.object({ id: z.string().min(8).max(40) }) },
  responses: { 200: jsonContent(RegistrationSummary, 'Course, name and email'), 404: { description: 'Unknown registration' } },
});

export const coursesRoutes = createRouter()
  .openapi(events, async (c) => {
    const { locale, lang, count } = c.req.valid('query');
    const items = await listCourses(await c.var.db(), { locale, lang });
    if (count === 'true') return c.json({ Count: items.length }, 200);
    return c.json({ items, Count: items.length }, 200);
  })
  .openapi(course, async (c) =>
    c.json(toCourseCard(await getPublicCourse(await c.var.db(), c.req.valid('param').id), c.req.valid('query').lang), 200),
  )
  .openapi(description, async (c) => {
    const row = await getPublicCourse(await c.var.db(), c.req.valid('param').id);
    return c.json({ title: row.title, location: row.location, url: `${env().PUBLIC_URL}/rest/course/${row.id}/description.html` }, 200);
  })
  .openapi(checkout, async (c) => {
    const body = c.req.valid('json');
    const result = await startCheckout(await c.var.db(), await c.var.queue(), body, { ip: c.var.ip, provider: paymentProvider() });
    return c.json(result, 200);
  })
  .openapi(order, async (c) => c.json(await orderStatus(await c.var.db(), c.req.valid('param').id, c.req.valid('query').lang), 200))
  .openapi(registration, async (c) => c.json(await registrationSummary(await c.var.db(), c.req.valid('param').id), 200));

// The description as a document of its own: sanitized when stored, and sandboxed here too.
coursesRoutes.get('/course/:id/description.html', async (c) => {
  const row = await getPublicCourse(await c.var.db(), c.req.param('id'));
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; sandbox; frame-ancestors 'self'",
  );
  return c.html(
    `<!doctype html><html lang="${row.locale}"><head><meta charset="utf-8"><title>${escapeHtml(row.title)}</title></head><body>${row.descriptionHtml}</body></html>`,
  );
});

// Stripe's webhook: the raw body is what is signed, so it is read as text and checked first.
coursesRoutes.post('/checkout/stripe-webhook', async (c) => {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError('not_found', 'Card payments are not configured.');
  const payload = await c.req.text();
  if (!verifyStripeSignature(payload, c.req.header('stripe-signature'), secret)) throw new AppError('bad_request', 'Invalid signature.');
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    throw new AppError('bad_request', 'Malformed JSON.');
  }
  await receiveStripeEvent(c.var.db, c.var.queue, body);
  return c.json({ received: true }, 200);
});
