import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonContent } from '../api/app-router';
import { allow } from './access';
import { auditPage } from './audit';
import { AuditQuery } from './office-schemas';
import { createOfficeRouter } from './office-router';

/** The audit log, a page at a time (admins). */
export function auditRoutes() {
  const r = createOfficeRouter();
  r.openapi(
    createRoute({
      method: 'get',
      path: '/audit',
      hide: true,
      middleware: [allow('admin')],
      request: { query: AuditQuery },
      responses: {
        200: jsonContent(
          z.object({
            rows: z.array(
              z.object({
                id: z.string(),
                at: z.string(),
                actor: z.string().nullable(),
                action: z.string(),
                record: z.string().nullable(),
                ip: z.string().nullable(),
              }),
            ),
            next: z.string().nullable(),
          }),
          'Audit log, newest first',
        ),
      },
    }),
    async (c) => {
      const { rows, next } = await auditPage(await c.var.db(), c.req.valid('query'));
      return c.json({ rows: rows.map((row) => ({ ...row, at: row.at.toISOString() })), next }, 200);
    },
  );
  return r;
}
