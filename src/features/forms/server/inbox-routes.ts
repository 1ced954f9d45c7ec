import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody as json, jsonContent } from '@/server/api/app-router';
import { AppError } from '@/server/errors';
import { allow } from '@/server/office/access';
import { audit } from '@/server/office/audit';
import { createOfficeRouter, OfficeId as Id, OfficeOk as Ok } from '@/server/office/office-routes';
import { addLeadNote, changeLead, inboxExport, inboxKinds, inboxPage, viewLead } from './inbox';
import { LeadChangeBody, InboxQuery } from './inbox-schema';
import { leadListRoute, leadRecordRoutes } from './lead-desk-routes';
import { filterOf } from './inbox-filter';
import { leadsToCsv } from './leads-csv';
import { releaseFromSpam, visibleSpam, type SpamFolder } from './spam-folder';

const sales = allow('sales', 'admin');

/** The sales inbox: every lead of every kind sales work, a lead's page, its work and the export. */
export function inboxRoutes(spamFolders: readonly SpamFolder[]) {
  const r = createOfficeRouter();
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
      const filter = filterOf(c.req.valid('query'));
      const rows = await inboxExport(db, filter);
      const record = `${rows.length} leads: ${inboxKinds(filter).join(', ')}`;
      await audit(db, { actor: c.var.staff.id, action: 'lead.export', record, ip: c.var.ip });
      const day = new Date().toISOString().slice(0, 10);
      return c.body(leadsToCsv(rows, c.var.staff.locale), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="leads-${day}.csv"`,
      });
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
  leadListRoute(r, '/leads', sales, InboxQuery, (db, q) => inboxPage(db, filterOf(q), q.after));
  // Last: `/leads/{id}` would take any other address below /leads for an id.
  leadRecordRoutes(r, '/leads', sales, { view: viewLead, note: addLeadNote, missing: 'No such lead.' });
  return r;
}
