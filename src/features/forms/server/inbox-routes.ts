import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonContent } from '@/server/api/app-router';
import type { Db } from '@/server/db';
import { AppError } from '@/server/errors';
import { allow } from '@/server/office/access';
import { audit } from '@/server/office/audit';
import { createOfficeRouter } from '@/server/office/office-routes';
import { recordsOfPerson } from '@/server/office/person';
import { addLeadNote, changeLead, inboxExport, leadDetail, listInbox } from './inbox';
import { LeadChangeBody, LeadNoteBody, InboxQuery } from './inbox-schema';
import { cursorAfter, cursorOf, filterOf } from './inbox-filter';
import { leadsToCsv } from './leads-csv';
import { releaseFromSpam, spamRows, type SpamFolder } from './spam-folder';

const sales = allow('sales', 'admin');
const Id = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });
const Ok = z.object({ ok: z.literal(true) });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

/** The spam folder a role sees: sales everything but applications and CVs, admins everything. */
export async function visibleSpam(db: Db, folders: readonly SpamFolder[], role: string) {
  const rows = await spamRows(db, folders);
  return role === 'admin' ? rows : rows.filter((row) => row.type !== 'job_application' && row.type !== 'cv');
}

/** The sales inbox: every lead of every kind sales work, a lead's page, its work and the export. */
export function inboxRoutes(spamFolders: readonly SpamFolder[]) {
  const r = createOfficeRouter();
  const Row = z.object({
    id: z.string(),
    createdAt: z.string(),
    type: z.string(),
    locale: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    company: z.string(),
    status: z.string(),
    assigneeId: z.string().nullable(),
    source: z.string(),
  });

  r.openapi(
    createRoute({
      method: 'get',
      path: '/leads',
      hide: true,
      middleware: [sales],
      request: { query: InboxQuery },
      responses: { 200: jsonContent(z.object({ rows: z.array(Row), next: z.string().nullable() }), 'A page of leads, newest first') },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const rows = await listInbox(await c.var.db(), filterOf(q), cursorOf(q.after), 50);
      return c.json({ rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), next: cursorAfter(rows, 50) }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/leads/export',
      hide: true,
      middleware: [sales],
      request: { query: InboxQuery },
      responses: { 200: { description: 'CSV of the filtered view' } },
    }),
    async (c) => {
      const db = await c.var.db();
      const rows = await inboxExport(db, filterOf(c.req.valid('query')));
      await audit(db, { actor: c.var.staff.id, action: 'lead.export', record: `${rows.length} leads`, ip: c.var.ip });
      const day = new Date().toISOString().slice(0, 10);
      return c.body(leadsToCsv(rows), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="leads-${day}.csv"`,
      });
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/leads/{id}',
      hide: true,
      middleware: [sales],
      request: { params: Id },
      responses: { 200: jsonContent(z.object({}).passthrough(), 'A lead and its work') },
    }),
    async (c) => {
      const db = await c.var.db();
      const { id } = c.req.valid('param');
      const detail = await leadDetail(db, id);
      if (!detail) throw new AppError('not_found', 'No such lead.');
      await audit(db, { actor: c.var.staff.id, action: 'lead.view', record: id, ip: c.var.ip });
      const person = detail.lead.email ? (await recordsOfPerson(db, detail.lead.email)).filter((p) => p.id !== id) : [];
      return c.json({ ...detail, person }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'patch',
      path: '/leads/{id}',
      hide: true,
      middleware: [sales],
      request: { params: Id, body: json(LeadChangeBody) },
      responses: { 200: jsonContent(Ok, 'Saved') },
    }),
    async (c) => {
      await changeLead(await c.var.db(), c.req.valid('param').id, c.req.valid('json'), { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/leads/{id}/notes',
      hide: true,
      middleware: [sales],
      request: { params: Id, body: json(LeadNoteBody) },
      responses: { 200: jsonContent(z.object({ id: z.string(), createdAt: z.string() }), 'Noted') },
    }),
    async (c) => {
      const note = await addLeadNote(await c.var.db(), c.req.valid('param').id, c.req.valid('json').body, {
        actor: c.var.staff.id,
        ip: c.var.ip,
      });
      return c.json({ id: note.id, createdAt: note.createdAt.toISOString() }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'get',
      path: '/spam',
      hide: true,
      middleware: [sales],
      responses: {
        200: jsonContent(
          z.object({
            rows: z.array(
              z.object({
                id: z.string(),
                received: z.string(),
                type: z.string(),
                reason: z.string().nullable(),
                name: z.string(),
                email: z.string(),
                about: z.string(),
              }),
            ),
          }),
          'The spam folder, newest first',
        ),
      },
    }),
    async (c) => c.json({ rows: await visibleSpam(await c.var.db(), spamFolders, c.var.staff.role) }, 200),
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/spam/{id}/release',
      hide: true,
      middleware: [sales],
      request: { params: Id },
      responses: { 200: jsonContent(Ok, 'Released: its mails are sent') },
    }),
    async (c) => {
      const db = await c.var.db();
      const { id } = c.req.valid('param');
      // Only what this member's folder shows: an application suspected of spam is the recruiters' (and admins').
      if (!(await visibleSpam(db, spamFolders, c.var.staff.role)).some((row) => row.id === id))
        throw new AppError('not_found', 'Not in the spam folder.');
      if (!(await releaseFromSpam(db, await c.var.queue(), spamFolders, id))) throw new AppError('not_found', 'Not in the spam folder.');
      await audit(db, { actor: c.var.staff.id, action: 'lead.not_spam', record: id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );
  return r;
}
