import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import QRCode from 'qrcode';
import { createRouter, jsonBody, jsonContent } from '../api/app-router';
import { AppError, refused } from '../errors';
import { audit } from './audit';
import { officeAuth } from './auth';
import { AcceptBody, EnrolBody, InvitationLookupBody } from './office-schemas';
import { guardBeforeSession, passCookies } from './pre-session';
import { startEnrolment } from './staff-enrolment';
import { acceptInvitation, findInvitation, invitationGone } from './staff-service';

async function qrOf(totpUri: string): Promise<string> {
  const svg = await QRCode.toString(totpUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const EnrolmentSchema = z.object({ qr: z.string(), secret: z.string(), backupCodes: z.array(z.string()) });

/**
 * Accepting an invitation and enrolling the authenticator (first, or again after a reset): the
 * way into the office before a session that reaches anything. The first code from the app is
 * taken by the sign-in's code step (sign-in-routes.ts), which finishes the enrolment.
 */
export function enrolmentRoutes() {
  const r = createRouter();
  guardBeforeSession(r, ['/invitations/*', '/enrolment']);

  r.openapi(
    createRoute({
      method: 'post',
      path: '/invitations/lookup',
      hide: true,
      request: { body: jsonBody(InvitationLookupBody) },
      responses: { 200: jsonContent(z.object({ email: z.string().nullable(), role: z.string() }), 'An open invitation') },
    }),
    async (c) => {
      const invitation = await findInvitation(await c.var.db(), c.req.valid('json').token);
      if (!invitation) throw invitationGone();
      return c.json({ email: invitation.email, role: invitation.role }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/invitations/accept',
      hide: true,
      request: { body: jsonBody(AcceptBody) },
      responses: { 200: jsonContent(EnrolmentSchema, 'Account made; enrol the authenticator') },
    }),
    async (c) => {
      const enrolment = await acceptInvitation(await c.var.db(), c.req.valid('json'), c.var.ip);
      passCookies(c, enrolment.cookies);
      return c.json({ qr: await qrOf(enrolment.totpUri), secret: enrolment.secret, backupCodes: enrolment.backupCodes }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/enrolment',
      hide: true,
      request: { body: jsonBody(EnrolBody) },
      responses: { 200: jsonContent(EnrolmentSchema, 'Enrolment started') },
    }),
    async (c) => {
      const db = await c.var.db();
      const session = await officeAuth(db).api.getSession({ headers: c.req.raw.headers });
      if (!session) throw new AppError('unauthorized', 'Sign in to the office first.');
      if (session.user.twoFactorEnabled) throw refused('conflict', 'Your authenticator is already set up.', 'authenticatorSet');
      const enrolment = await startEnrolment(db, c.req.raw.headers, { userId: session.user.id, ...c.req.valid('json') }).catch(
        (err: unknown) => {
          throw (err as { status?: unknown }).status === 'BAD_REQUEST' ? new AppError('unauthorized', 'Wrong password.') : err;
        },
      );
      await audit(db, { actor: session.user.id, action: 'staff.enrol_start', ip: c.var.ip });
      // The authenticator's secret: never kept by a cache.
      c.header('Cache-Control', 'no-store');
      return c.json({ qr: await qrOf(enrolment.totpUri), secret: enrolment.secret, backupCodes: enrolment.backupCodes }, 200);
    },
  );
  return r;
}
