import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonContent } from '@/server/api/app-router';
import type { Db } from '@/server/db';
import { AppError } from '@/server/errors';
import type { allow } from '@/server/office/access';
import { OfficeId, type OfficeRouter } from '@/server/office/office-routes';
import type { Viewer } from '@/server/office/person';
import { LeadNoteBody } from './inbox-schema';

// The routes every desk of leads in the office has (the sales inbox, inbox-routes.ts; the
// recruiters' applicants, the applications feature): its list a page at a time, newest first; a
// lead's page; and the members' notes on a lead. What moves a lead on is each desk's own.

type By = { actor: string; ip: string };

/** What every list of leads answers of a lead (lead-list.ts reads it), with the desk's own columns. */
const LeadListRows = z.object({
  rows: z.array(
    z
      .object({
        id: z.string(),
        createdAt: z.string(),
        type: z.string(),
        locale: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        status: z.string(),
      })
      .passthrough(),
  ),
  next: z.string().nullable(),
});

/** GET `path`: a page of the desk's list, filtered by `query` (its page's address has the same schema). */
export function leadListRoute<Q extends z.ZodObject>(
  r: OfficeRouter,
  path: `/${string}`,
  roles: ReturnType<typeof allow>,
  query: Q,
  page: (db: Db, query: z.infer<Q>) => Promise<{ rows: { createdAt: Date }[]; next: string | null }>,
): void {
  r.openapi(
    createRoute({
      method: 'get',
      path,
      hide: true,
      middleware: [roles],
      request: { query },
      responses: { 200: jsonContent(LeadListRows, 'A page of the desk’s leads, newest first') },
    }),
    async (c) => {
      // Validated by the route as `query`; a generic route's types cannot name it.
      const { rows, next } = await page(await c.var.db(), c.req.valid('query' as never) as z.infer<Q>);
      return c.json({ rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), next } as never, 200);
    },
  );
}

/**
 * GET `path/{id}`, a lead and the work on it (`view` puts the look in the audit log, and answers
 * undefined for a lead that is not the desk's: `missing` says so), and POST `path/{id}/notes`.
 */
export function leadRecordRoutes(
  r: OfficeRouter,
  path: `/${string}`,
  roles: ReturnType<typeof allow>,
  desk: {
    view: (db: Db, id: string, by: Viewer) => Promise<object | undefined>;
    note: (db: Db, id: string, body: string, by: By) => Promise<{ id: string; createdAt: Date }>;
    missing: string;
  },
): void {
  const by = (c: { var: { staff: Pick<Viewer, 'role'> & { id: string }; ip: string } }): Viewer => ({
    actor: c.var.staff.id,
    ip: c.var.ip,
    role: c.var.staff.role,
  });
  r.openapi(
    createRoute({
      method: 'get',
      path: `${path}/{id}`,
      hide: true,
      middleware: [roles],
      request: { params: OfficeId },
      responses: { 200: jsonContent(z.object({}).passthrough(), 'A lead and the work on it') },
    }),
    async (c) => {
      const viewed = await desk.view(await c.var.db(), c.req.valid('param').id, by(c));
      if (!viewed) throw new AppError('not_found', desk.missing);
      return c.json(viewed, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: `${path}/{id}/notes`,
      hide: true,
      middleware: [roles],
      request: { params: OfficeId, body: jsonBody(LeadNoteBody) },
      responses: { 200: jsonContent(z.object({ id: z.string(), createdAt: z.string() }), 'Noted') },
    }),
    async (c) => {
      const note = await desk.note(await c.var.db(), c.req.valid('param').id, c.req.valid('json').body, by(c));
      return c.json({ id: note.id, createdAt: note.createdAt.toISOString() }, 200);
    },
  );
}
