import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { jsonBody as json, jsonContent } from '@/server/api/app-router';
import { sanitizeDescription } from '@/server/html/sanitize';
import { allow, type OfficeEnv } from '@/server/office/access';
import { createOfficeRouter, OfficeId as Id, OfficeOk as Ok } from '@/server/office/office-routes';
import { ConfirmTransferBody, CourseInput, DescriptionPreviewBody, RefundBody } from '../office-schema';
import { createCourse, editCourse, officeCourse, courseFormValues, setCoursePublished } from './office-courses';
import {
  cancelOrderByStaff,
  confirmTransferReceived,
  downloadInvoice,
  refundOrder,
  releaseRegistrationByStaff,
  resendInstructions,
} from './office-orders';
import { paymentProvider } from './payments';
import { serveWaitingLists } from './waitlist';

/** Who makes the catalogue: the training team (and admins). */
const editors = allow('training', 'admin');
/** Who works registrations and orders: the training team and sales (and admins). */
const orderDesk = allow('training', 'sales', 'admin');

const by = (c: Context<OfficeEnv>) => ({ actor: c.var.staff.id, ip: c.var.ip });
const ok = { ok: true as const };

/** Courses, registrations and orders in the office (their pages read the services directly). */
export function officeCoursesRoutes() {
  const r = createOfficeRouter();

  r.openapi(
    createRoute({
      method: 'post',
      path: '/courses',
      hide: true,
      middleware: [editors],
      request: { body: json(CourseInput) },
      responses: { 200: jsonContent(z.object({ id: z.string() }), 'Created, unpublished') },
    }),
    async (c) => c.json({ id: await createCourse(await c.var.db(), c.req.valid('json'), by(c)) }, 200),
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/courses/description-preview',
      hide: true,
      middleware: [editors],
      request: { body: json(DescriptionPreviewBody) },
      responses: { 200: jsonContent(z.object({ html: z.string() }), 'The description as it will be stored') },
    }),
    (c) => c.json({ html: sanitizeDescription(c.req.valid('json').html) }, 200),
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/courses/{id}',
      hide: true,
      middleware: [orderDesk],
      request: { params: Id },
      responses: { 200: jsonContent(z.object({}).passthrough(), 'A course, its seats and its form values') },
    }),
    async (c) => {
      const course = await officeCourse(await c.var.db(), c.req.valid('param').id);
      return c.json({ id: course.id, published: course.published, seats: course.seats, values: courseFormValues(course) }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'put',
      path: '/courses/{id}',
      hide: true,
      middleware: [editors],
      request: { params: Id, body: json(CourseInput) },
      responses: { 200: jsonContent(Ok, 'Saved; the site shows it at the next request') },
    }),
    async (c) => {
      await editCourse(await c.var.db(), c.req.valid('param').id, c.req.valid('json'), by(c));
      // Seats added go to the waiting list first.
      await serveWaitingLists(await c.var.db(), await c.var.queue());
      return c.json(ok, 200);
    },
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    r.openapi(
      createRoute({
        method: 'post',
        path: `/courses/{id}/${action}`,
        hide: true,
        middleware: [editors],
        request: { params: Id },
        responses: { 200: jsonContent(Ok, published ? 'On the public pages' : 'Off the public pages') },
      }),
      async (c) => {
        await setCoursePublished(await c.var.db(), c.req.valid('param').id, published, by(c));
        return c.json(ok, 200);
      },
    );
  }

  r.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{id}/paid',
      hide: true,
      middleware: [orderDesk],
      request: { params: Id, body: json(ConfirmTransferBody) },
      responses: { 200: jsonContent(Ok, 'Paid; the customer is mailed') },
    }),
    async (c) => {
      await confirmTransferReceived(await c.var.db(), await c.var.queue(), c.req.valid('param').id, c.req.valid('json'), by(c));
      return c.json(ok, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{id}/refund',
      hide: true,
      middleware: [orderDesk],
      request: { params: Id, body: json(RefundBody) },
      responses: { 200: jsonContent(Ok, 'Refunded at Stripe') },
    }),
    async (c) => {
      await refundOrder(await c.var.db(), paymentProvider(), c.req.valid('param').id, c.req.valid('json'), by(c));
      await serveWaitingLists(await c.var.db(), await c.var.queue());
      return c.json(ok, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{id}/cancel',
      hide: true,
      middleware: [orderDesk],
      request: { params: Id },
      responses: { 200: jsonContent(Ok, 'Cancelled; its seats are free again') },
    }),
    async (c) => {
      await cancelOrderByStaff(await c.var.db(), paymentProvider(), c.req.valid('param').id, by(c));
      await serveWaitingLists(await c.var.db(), await c.var.queue());
      return c.json(ok, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{id}/resend',
      hide: true,
      middleware: [orderDesk],
      request: { params: Id },
      responses: { 200: jsonContent(Ok, 'The payment instructions are mailed again') },
    }),
    async (c) => {
      await resendInstructions(await c.var.db(), await c.var.queue(), c.req.valid('param').id, by(c));
      return c.json(ok, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/orders/{id}/invoice.pdf',
      hide: true,
      middleware: [orderDesk],
      request: { params: Id },
      responses: { 200: { description: 'The invoice of a paid order, as a PDF', content: { 'application/pdf': { schema: z.any() } } } },
    }),
    async (c) => {
      const { number, pdf } = await downloadInvoice(await c.var.db(), c.req.valid('param').id, by(c));
      return c.body(new Uint8Array(pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${number}.pdf"`,
        'cache-control': 'no-store',
      });
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/registrations/{id}/release',
      hide: true,
      middleware: [orderDesk],
      request: { params: Id },
      responses: { 200: jsonContent(Ok, 'The seat is free again') },
    }),
    async (c) => {
      await releaseRegistrationByStaff(await c.var.db(), c.req.valid('param').id, by(c));
      await serveWaitingLists(await c.var.db(), await c.var.queue());
      return c.json(ok, 200);
    },
  );
  return r;
}
