import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import QRCode from 'qrcode';
import { createRouter, jsonBody, jsonContent, type ApiEnv } from '../api/app-router';
import { env } from '../env';
import { AppError, refused } from '../errors';
import { sanitizeDescription } from '../html/sanitize';
import { failureLock, rateLimit } from '../rate-limit';
import { allow, officeGate, sameOriginOnly, type OfficeEnv } from './access';
import { audit, auditPage } from './audit';
import { OFFICE_AUTH_PATH, officeAuth, officeSecret, SESSION_LIMIT_SECONDS } from './auth';
import { claimTotpCode } from './totp';
import {
  AcceptBody,
  AuditQuery,
  BackupCodeBody,
  DescriptionPreviewBody,
  EnrolBody,
  InvitationLookupBody,
  InviteBody,
  MePatchBody,
  SignInBody,
  StaffPatchBody,
  TotpBody,
} from './office-schemas';
import { finishEnrolment, resetTwoFactor, startEnrolment } from './staff-enrolment';
import { findStaffByEmail, findStaffById, listStaff, setStaffDisabled, setStaffLocale, setStaffRole } from './staff-members';
import { acceptInvitation, findInvitation, invitationGone, inviteStaff, revokeInvitation } from './staff-service';

/**
 * Five wrong passwords or codes for a member from one client address within 15 minutes lock that
 * address out of that account for the rest of them: a stranger elsewhere cannot lock the member out.
 */
const signInLock = failureLock('office-sign-in-fail', 5, 15 * 60);
const lockKey = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;
/**
 * Who typed the password, for the step that asks for the code: a signed cookie of the office's own,
 * living as long as Better Auth's second-factor cookie. The code step counts failures against them
 * and takes each authenticator code once.
 */
const PENDING_COOKIE = 'office.pending';
const PENDING_SECONDS = 5 * 60;
/** What an office action answers when it has nothing else to say. */
export const OfficeOk = z.object({ ok: z.literal(true) });
/** A record's id in an office address. */
export const OfficeId = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

/** Hands a request to Better Auth with our validated body and the headers it needs. */
async function toBetterAuth(c: Context<ApiEnv>, path: string, body: unknown): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const url = new URL(`${OFFICE_AUTH_PATH}${path}`, c.req.url);
  return officeAuth(await c.var.db()).handler(new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

/**
 * Passes on the cookies Better Auth set (never its body: the session token stays in the cookie).
 * The session's cookie is kept by the browser up to the absolute limit: the 12 idle hours are
 * the session row's, which each use moves on (auth.ts), and an idle session ends on the server.
 */
function passCookies(c: Context, cookies: string[]): void {
  for (const cookie of cookies) {
    const kept = /^(__Secure-)?office\.session_token=[^;]+;/.test(cookie)
      ? cookie.replace(/Max-Age=[1-9]\d*/i, `Max-Age=${SESSION_LIMIT_SECONDS}`)
      : cookie;
    c.header('Set-Cookie', kept, { append: true });
  }
  c.header('Cache-Control', 'no-store');
}

async function qrOf(totpUri: string): Promise<string> {
  const svg = await QRCode.toString(totpUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const EnrolmentSchema = z.object({ qr: z.string(), secret: z.string(), backupCodes: z.array(z.string()) });

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
 * Signing in, accepting an invitation and enrolling the authenticator: the office's routes that
 * come before a session. The only Better Auth endpoints reachable are these, each behind the
 * site's own limits, lock and audit.
 */
function signInRoutes() {
  const r = createRouter();
  // Mounted at the office's root: `*` would also take every signed-in request (officeApi), and a
  // member at work would meet the sign-in limit. These are this router's own paths.
  for (const path of ['/auth/*', '/invitations/*', '/enrolment']) {
    r.use(path, sameOriginOnly());
    r.use(path, async (c, next) => {
      await rateLimit('office-auth-ip', c.var.ip, 30, 15 * 60);
      await next();
    });
  }

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

const StaffMember = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), locale: z.string() });

/** The signed-in member's own account, staff management and the audit log. */
function accountRoutes() {
  const r = createRouter<OfficeEnv>();
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
  r.openapi(
    createRoute({
      method: 'post',
      path: '/description-preview',
      hide: true,
      // Who edits descriptions: jobs and positions (recruiting), courses (training).
      middleware: [allow('recruiting', 'training', 'admin')],
      request: { body: jsonBody(DescriptionPreviewBody) },
      responses: { 200: jsonContent(z.object({ html: z.string() }), 'The description as it will be stored') },
    }),
    (c) => c.json({ html: sanitizeDescription(c.req.valid('json').html) }, 200),
  );
  r.openapi(
    createRoute({
      method: 'get',
      path: '/audit',
      hide: true,
      middleware: [admin],
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

/** Routes a feature adds to the office: each declares its roles with `allow(...)`. */
export type OfficeRouter = ReturnType<typeof accountRoutes>;

export function createOfficeRouter(): OfficeRouter {
  return createRouter<OfficeEnv>();
}

/** Everything under /rest/office: the sign-in routes, then the gate, then every office route. */
export function officeApi(featureRouters: OfficeRouter[]) {
  const office = createRouter();
  office.route('/', signInRoutes());
  const gated = createRouter<OfficeEnv>();
  gated.use('*', sameOriginOnly());
  gated.use('*', officeGate());
  gated.route('/', accountRoutes());
  for (const router of featureRouters) gated.route('/', router);
  office.route('/', gated as never);
  return office;
}
