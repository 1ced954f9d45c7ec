import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonContent } from '../api/app-router';
import { allow } from './access';
import { StaffMember } from './account-routes';
import { InviteBody, StaffPatchBody } from './office-schemas';
import { createOfficeRouter, OfficeId, OfficeOk } from './office-router';
import { resetTwoFactor } from './staff-enrolment';
import { listStaff, setStaffDisabled, setStaffRole } from './staff-members';
import { inviteStaff, revokeInvitation } from './staff-service';

/** The admins' staff management: the members and open invitations, inviting, revoking, roles, access, authenticator resets. */
export function staffRoutes() {
  const r = createOfficeRouter();
  const admin = allow('admin');

  r.openapi(
    createRoute({
      method: 'get',
      path: '/staff',
      hide: true,
      middleware: [admin],
      responses: {
        200: jsonContent(
          z.object({
            members: z.array(StaffMember.extend({ disabled: z.boolean(), twoFactor: z.boolean() })),
            invitations: z.array(z.object({ id: z.string(), email: z.string().nullable(), role: z.string(), expiresAt: z.string() })),
          }),
          'Staff',
        ),
      },
    }),
    async (c) => {
      const { members, invitations } = await listStaff(await c.var.db());
      return c.json(
        {
          members,
          invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
        },
        200,
      );
    },
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: '/staff/invitations',
      hide: true,
      middleware: [admin],
      request: { body: jsonBody(InviteBody) },
      responses: { 200: jsonContent(z.object({ id: z.string(), link: z.string(), expiresAt: z.string() }), 'Invited and mailed') },
    }),
    async (c) => {
      const invitation = await inviteStaff(await c.var.db(), await c.var.queue(), c.req.valid('json'), {
        actor: c.var.staff.id,
        ip: c.var.ip,
      });
      return c.json({ ...invitation, expiresAt: invitation.expiresAt.toISOString() }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'delete',
      path: '/staff/invitations/{id}',
      hide: true,
      middleware: [admin],
      request: { params: OfficeId },
      responses: { 200: jsonContent(OfficeOk, 'Revoked: the link opens nothing') },
    }),
    async (c) => {
      await revokeInvitation(await c.var.db(), c.req.valid('param').id, { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'patch',
      path: '/staff/{id}',
      hide: true,
      middleware: [admin],
      request: { params: z.object({ id: z.string().max(64) }), body: jsonBody(StaffPatchBody) },
      responses: { 200: jsonContent(OfficeOk, 'Saved') },
    }),
    async (c) => {
      const db = await c.var.db();
      const { id } = c.req.valid('param');
      const { role, disabled } = c.req.valid('json');
      const by = { actor: c.var.staff.id, ip: c.var.ip };
      if (role) await setStaffRole(db, id, role, by);
      if (disabled !== undefined) await setStaffDisabled(db, id, disabled, by);
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: '/staff/{id}/reset-2fa',
      hide: true,
      middleware: [admin],
      request: { params: z.object({ id: z.string().max(64) }) },
      responses: { 200: jsonContent(z.object({ link: z.string() }), 'Reset: the member is mailed the link that sets up a new one') },
    }),
    async (c) => {
      const { link } = await resetTwoFactor(await c.var.db(), await c.var.queue(), c.req.valid('param').id, {
        actor: c.var.staff.id,
        ip: c.var.ip,
      });
      return c.json({ link }, 200);
    },
  );
  return r;
}
