import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonContent } from '../api/app-router';
import { AppError } from '../errors';
import { allow } from './access';
import { audit } from './audit';
import { officeAuth } from './auth';
import { MePatchBody } from './office-schemas';
import { createOfficeRouter, OfficeOk } from './office-router';
import { listStaff, setStaffLocale } from './staff-members';

/** A member as the office's API answers them. */
export const StaffMember = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), locale: z.string() });

/** The signed-in member's own account (their language, their sessions), and the team work is assigned to. */
export function accountRoutes() {
  const r = createOfficeRouter();
  const everyone = allow('admin', 'sales', 'recruiting', 'training');

  r.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      hide: true,
      middleware: [everyone],
      responses: { 200: jsonContent(StaffMember, 'The signed-in member') },
    }),
    (c) => {
      const { id, name, email, role, locale } = c.var.staff;
      return c.json({ id, name, email, role, locale }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'patch',
      path: '/me',
      hide: true,
      middleware: [everyone],
      request: { body: jsonBody(MePatchBody) },
      responses: { 200: jsonContent(OfficeOk, 'Saved') },
    }),
    async (c) => {
      await setStaffLocale(await c.var.db(), c.var.staff.id, c.req.valid('json').locale);
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'get',
      path: '/me/sessions',
      hide: true,
      middleware: [everyone],
      responses: {
        200: jsonContent(
          z.object({
            sessions: z.array(
              z.object({
                id: z.string(),
                current: z.boolean(),
                createdAt: z.string(),
                updatedAt: z.string(),
                userAgent: z.string().nullable(),
              }),
            ),
          }),
          'Open sessions',
        ),
      },
    }),
    async (c) => {
      const sessions = await officeAuth(await c.var.db()).api.listSessions({ headers: c.req.raw.headers });
      return c.json(
        {
          sessions: sessions.map((s) => ({
            id: s.id,
            current: s.id === c.var.staff.sessionId,
            createdAt: new Date(s.createdAt).toISOString(),
            updatedAt: new Date(s.updatedAt).toISOString(),
            userAgent: s.userAgent ?? null,
          })),
        },
        200,
      );
    },
  );
  r.openapi(
    createRoute({
      method: 'delete',
      path: '/me/sessions/{id}',
      hide: true,
      middleware: [everyone],
      request: { params: z.object({ id: z.string().max(64) }) },
      responses: { 200: jsonContent(OfficeOk, 'Ended') },
    }),
    async (c) => {
      const db = await c.var.db();
      const auth = officeAuth(db);
      const sessions = await auth.api.listSessions({ headers: c.req.raw.headers });
      const target = sessions.find((s) => s.id === c.req.valid('param').id);
      if (!target) throw new AppError('not_found', 'No such session.');
      await auth.api.revokeSession({ headers: c.req.raw.headers, body: { token: target.token } });
      await audit(db, { actor: c.var.staff.id, action: 'session.end', record: target.id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/team',
      hide: true,
      middleware: [everyone],
      responses: {
        200: jsonContent(
          z.object({ members: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })) }),
          'Members who can be assigned work',
        ),
      },
    }),
    async (c) => {
      const { members } = await listStaff(await c.var.db());
      return c.json({ members: members.filter((m) => !m.disabled).map(({ id, name, role }) => ({ id, name, role })) }, 200);
    },
  );
  return r;
}
