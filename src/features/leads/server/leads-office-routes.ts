import 'server-only';
import { createRoute } from '@hono/zod-openapi';
import { salesLead } from '@/features/forms/server';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { allow } from '@/server/office/access';
import { audit } from '@/server/office/audit';
import { createOfficeRouter, OfficeId } from '@/server/office/office-routes';
import { callInvitation } from './call-invitation';

/** A call-back's calendar invitation, for whoever makes the call (sales and admins, as its lead). */
export function leadsOfficeRoutes() {
  const r = createOfficeRouter();
  r.openapi(
    createRoute({
      method: 'get',
      path: '/leads/{id}/call.ics',
      hide: true,
      middleware: [allow('sales', 'admin')],
      request: { params: OfficeId },
      responses: { 200: { description: 'The call as an iCalendar event' } },
    }),
    async (c) => {
      const db = await c.var.db();
      const { id } = c.req.valid('param');
      const lead = await salesLead(db, id);
      const form = (lead?.form ?? {}) as Record<string, string | undefined>;
      if (!lead || !form.callAt) throw new AppError('not_found', 'No call-back asked for.');
      await audit(db, { actor: c.var.staff.id, action: 'lead.call_invitation', record: id, ip: c.var.ip });
      const ics = callInvitation({
        id,
        at: form.callAt,
        name: form.name ?? lead.email ?? id,
        phone: form.phone,
        company: form.company,
        url: `${env().PUBLIC_URL}/office/leads/${id}`,
      });
      return c.body(ics, 200, {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="call-${id}.ics"`,
      });
    },
  );
  return r;
}
