import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { createRouter, jsonBody, jsonContent, type ApiEnv } from '../api/app-router';
import { env } from '../env';
import { AppError } from '../errors';
import { audit } from './audit';
import { officeAuth, officeSecret } from './auth';
import { BackupCodeBody, SignInBody, TotpBody } from './office-schemas';
import { OfficeOk } from './office-router';
import { passwordResetRoutes } from './password-reset-routes';
import { guardBeforeSession, passCookies, toBetterAuth } from './pre-session';
import { lockKey, signInLock } from './sign-in-lock';
import { findStaffByEmail, findStaffById } from './staff-members';
import { finishEnrolment } from './staff-enrolment';
import { claimTotpCode } from './totp';

/**
 * Who typed the password, for the step that asks for the code: a signed cookie of the office's own,
 * living as long as Better Auth's second-factor cookie. The code step counts failures against them
 * and takes each authenticator code once.
 */
const PENDING_COOKIE = 'office.pending';
const PENDING_SECONDS = 5 * 60;

/** A refused sign-in step: audited with the account it was for (when there is one), counted, answered 401. */
async function refuseStep(c: Context<ApiEnv>, action: string, member: { id: string; email: string } | undefined, detail: string) {
  const db = await c.var.db();
  if (member && (await signInLock.failed(lockKey(member.email, c.var.ip))))
    await audit(db, { actor: null, action: 'sign_in.lock', record: member.id, ip: c.var.ip });
  await audit(db, { actor: member?.id ?? null, action, record: member?.id ?? null, ip: c.var.ip });
  return new AppError('unauthorized', detail);
}

/** Refuses (429) a member's sign-in step from an address locked out of their account. */
async function refuseIfLocked(c: Context<ApiEnv>, member: { id: string; email: string } | undefined, email: string) {
  const locked = await signInLock.lockedFor(lockKey(email, c.var.ip));
  if (!locked) return;
  await audit(await c.var.db(), { actor: member?.id ?? null, action: 'sign_in.locked', record: member?.id ?? null, ip: c.var.ip });
  throw new AppError('rate_limited', 'Too many failed attempts. Try again later.', { retryAfterSeconds: locked });
}

/**
 * Signing in (the password, then the authenticator's code or a backup code), a forgotten password
 * and signing out. The only Better Auth endpoints reachable are these and the enrolment's, each
 * behind the site's own limits, lock and audit.
 */
export function signInRoutes() {
  const r = createRouter();
  guardBeforeSession(r, ['/auth/*']);

  r.openapi(
    createRoute({
      method: 'post',
      path: '/auth/sign-in',
      hide: true,
      request: { body: jsonBody(SignInBody) },
      responses: { 200: jsonContent(z.object({ next: z.enum(['code', 'enrol']) }), 'Password accepted') },
    }),
    async (c) => {
      const { email, password } = c.req.valid('json');
      const db = await c.var.db();
      const member = await findStaffByEmail(db, email);
      // The same lock for an address without an account: a locked answer tells nobody which exist.
      await refuseIfLocked(c, member, email);
      const res = await toBetterAuth(c, '/sign-in/email', { email, password, rememberMe: true });
      if (!res.ok) {
        if (!member) await signInLock.failed(lockKey(email, c.var.ip));
        // The same answer for an unknown address, a wrong password and a disabled account.
        throw await refuseStep(c, 'sign_in.failed', member, 'Wrong email or password.');
      }
      const answer = (await res.clone().json()) as { twoFactorRedirect?: boolean };
      await audit(db, { actor: member?.id ?? null, action: 'sign_in.password', ip: c.var.ip });
      passCookies(c, res.headers.getSetCookie());
      if (answer.twoFactorRedirect && member)
        await setSignedCookie(c, PENDING_COOKIE, member.id, officeSecret(), {
          path: '/rest/office',
          httpOnly: true,
          sameSite: 'Strict',
          secure: new URL(env().PUBLIC_URL).protocol === 'https:',
          maxAge: PENDING_SECONDS,
        });
      return c.json({ next: answer.twoFactorRedirect ? ('code' as const) : ('enrol' as const) }, 200);
    },
  );

  const verify =
    (path: '/two-factor/verify-totp' | '/two-factor/verify-backup-code') =>
    async <C extends Context<ApiEnv>>(c: C, code: string) => {
      const db = await c.var.db();
      // A session before the second factor exists only while enrolling; otherwise this is a sign-in,
      // of the member whose password the pending cookie names.
      const session = await officeAuth(db).api.getSession({ headers: c.req.raw.headers });
      const enrolling = !!session;
      const memberId = session?.user.id ?? (await getSignedCookie(c, officeSecret(), PENDING_COOKIE)) ?? undefined;
      const member = memberId ? await findStaffById(db, memberId) : undefined;
      const action = enrolling ? 'staff.enrol_failed' : 'sign_in.failed_code';
      const invalid = 'This code is not valid. Codes change every 30 seconds.';
      if (!member) throw await refuseStep(c, action, undefined, invalid);
      await refuseIfLocked(c, member, member.email);
      // An authenticator code works once: it and every earlier one are refused after it.
      if (path.endsWith('totp') && !(await claimTotpCode(db, member.id, code, officeSecret())))
        throw await refuseStep(c, action, member, invalid);
      // trustDevice is never passed on: every sign-in asks for the second factor.
      const res = await toBetterAuth(c, path, { code });
      if (!res.ok) throw await refuseStep(c, action, member, invalid);
      await signInLock.reset(lockKey(member.email, c.var.ip));
      if (enrolling) await finishEnrolment(db, member.id);
      await audit(db, {
        actor: member.id,
        action: enrolling ? 'staff.enrol' : path.endsWith('backup-code') ? 'sign_in.backup_code' : 'sign_in',
        ip: c.var.ip,
      });
      passCookies(c, res.headers.getSetCookie());
      deleteCookie(c, PENDING_COOKIE, { path: '/rest/office' });
      return c.json({ ok: true as const }, 200);
    };
  const totp = verify('/two-factor/verify-totp');
  const backup = verify('/two-factor/verify-backup-code');
  r.openapi(
    createRoute({
      method: 'post',
      path: '/auth/code',
      hide: true,
      request: { body: jsonBody(TotpBody) },
      responses: { 200: jsonContent(OfficeOk, 'Signed in') },
    }),
    (c) => totp(c, c.req.valid('json').code),
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: '/auth/backup-code',
      hide: true,
      request: { body: jsonBody(BackupCodeBody) },
      responses: { 200: jsonContent(OfficeOk, 'Signed in') },
    }),
    (c) => backup(c, c.req.valid('json').code),
  );
  passwordResetRoutes(r);

  r.openapi(
    createRoute({ method: 'post', path: '/auth/sign-out', hide: true, responses: { 200: jsonContent(OfficeOk, 'Signed out') } }),
    async (c) => {
      const db = await c.var.db();
      const staff = await officeAuth(db).api.getSession({ headers: c.req.raw.headers });
      const res = await toBetterAuth(c, '/sign-out', {});
      if (staff) await audit(db, { actor: staff.user.id, action: 'sign_out', ip: c.var.ip });
      passCookies(c, res.headers.getSetCookie());
      return c.json({ ok: true as const }, 200);
    },
  );
  return r;
}
