import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonContent } from '@/server/api/app-router';
import { AppError } from '@/server/errors';
import { allow } from '@/server/office/access';
import { createOfficeRouter, OfficeId } from '@/server/office/office-routes';
import { OfficePrivacyQuery, OfficePrivacyRequestBody } from '../schema';
import { officeRequests, viewPrivacyRequest } from './privacy-office';
import { openPrivacyRequest } from './privacy-service';

// Privacy requests are about everything kept on a person: admins only.
const admin = allow('admin');

const Row = z.object({
  id: z.string(),
  kind: z.string(),
  email: z.string(),
  status: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Confirmed, not answered, and past its deadline. */
  overdue: z.boolean(),
});

/** The office's privacy requests: the list with deadlines, a request's steps, a request opened for an address that wrote in. */
export function privacyOfficeRoutes() {
  const r = createOfficeRouter();

  r.openapi(
    createRoute({
      method: 'get',
      path: '/privacy-requests',
      hide: true,
      middleware: [admin],
      request: { query: OfficePrivacyQuery },
      responses: {
        200: jsonContent(
          z.object({ rows: z.array(Row), next: z.string().nullable(), overdue: z.array(Row), overdueCount: z.number().int() }),
          "A page of requests, newest first, the next page's cursor, and the requests past their deadline (up to 200) with their number",
        ),
      },
    }),
    async (c) => c.json(await officeRequests(await c.var.db(), { after: c.req.valid('query').after }), 200),
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/privacy-requests',
      hide: true,
      middleware: [admin],
      request: { body: jsonBody(OfficePrivacyRequestBody) },
      responses: { 200: jsonContent(z.object({ id: z.string() }), 'Opened: the address is mailed the link that confirms it') },
    }),
    async (c) => {
      const id = await openPrivacyRequest(await c.var.db(), await c.var.queue(), c.req.valid('json'), {
        actor: c.var.staff.id,
        ip: c.var.ip,
      });
      return c.json({ id }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/privacy-requests/{id}',
      hide: true,
      middleware: [admin],
      request: { params: OfficeId },
      responses: { 200: jsonContent(z.object({}).passthrough(), 'A request and its steps') },
    }),
    async (c) => {
      const viewed = await viewPrivacyRequest(await c.var.db(), c.req.valid('param').id, { actor: c.var.staff.id, ip: c.var.ip });
      if (!viewed) throw new AppError('not_found', 'No such request.');
      return c.json(viewed, 200);
    },
  );
  return r;
}
