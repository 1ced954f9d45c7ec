import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { jsonBody, jsonContent, type ApiEnv } from '../api/app-router';
import { refused } from '../errors';
import { rateLimit } from '../rate-limit';
import { audit } from './audit';
import { officeAuth } from './auth';
import { PasswordForgotBody, PasswordResetBody } from './office-schemas';
import { OfficeOk } from './office-router';
import { toBetterAuth } from './pre-session';
import { findStaffByEmail } from './staff-members';

/**
 * "Forgot your password?" is answered no sooner than this, whatever the address: a member's
 * address queues a mail, another does not, and the difference must not show.
 */
export const FORGOT_ANSWER_MS = 400;
/** Requests for a link from one client address in 15 minutes. */
const FORGOT_PER_ADDRESS = 5;

/**
 * A forgotten password, on the sign-in's router (its `/auth/*` guard: the site's own pages only,
 * 30 requests per client address in 15 minutes). Better Auth's `requestPasswordReset` and
 * `resetPassword` do the work (password-reset.ts has their options); neither signs anybody in.
 */
export function passwordResetRoutes(r: OpenAPIHono<ApiEnv>) {
  r.openapi(
    createRoute({
      method: 'post',
      path: '/auth/forgot-password',
      hide: true,
      request: { body: jsonBody(PasswordForgotBody) },
      responses: { 200: jsonContent(OfficeOk, 'A link is mailed if the address is a member’s') },
    }),
    async (c) => {
      await rateLimit('office-password-forgot', c.var.ip, FORGOT_PER_ADDRESS, 15 * 60);
      const started = performance.now();
      const { email } = c.req.valid('json');
      const db = await c.var.db();
      const member = await findStaffByEmail(db, email);
      await officeAuth(db).api.requestPasswordReset({ body: { email } });
      // The member's id when there is one (no address: the log keeps no personal data).
      await audit(db, { actor: null, action: 'password.reset_request', record: member?.id ?? null, ip: c.var.ip });
      const left = FORGOT_ANSWER_MS - (performance.now() - started);
      if (left > 0) await sleep(left);
      return c.json({ ok: true as const }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/auth/reset-password',
      hide: true,
      request: { body: jsonBody(PasswordResetBody) },
      responses: { 200: jsonContent(OfficeOk, 'Password set; sign in with it (and the second factor)') },
    }),
    async (c) => {
      const { token, password } = c.req.valid('json');
      // Through the handler, so the audit (onPasswordReset) has the request's client address.
      const res = await toBetterAuth(c, '/reset-password', { token, newPassword: password });
      if (!res.ok) {
        await audit(await c.var.db(), { actor: null, action: 'password.reset_failed', ip: c.var.ip });
        throw refused('not_found', 'This link has expired or was already used. Ask for a new one.', 'resetLinkGone');
      }
      // Better Auth sets no cookie here, and none is passed on: the reset signs nobody in.
      c.header('Cache-Control', 'no-store');
      return c.json({ ok: true as const }, 200);
    },
  );
}
