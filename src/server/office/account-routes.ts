import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonContent } from '../api/app-router';
import type { Context } from 'hono';
import { AppError } from '../errors';
import { failureLock } from '../rate-limit';
import { allow, type OfficeEnv } from './access';
import { audit } from './audit';
import { officeAuth } from './auth';
import { BackupCodesBody, MePatchBody, PasswordChangeBody } from './office-schemas';
import { createOfficeRouter, OfficeOk } from './office-router';
import { listStaff, setStaffLocale } from './staff-members';

/** A member as the office's API answers them. */
export const StaffMember = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), locale: z.string() });

/**
 * Five wrong passwords typed on My account within 15 minutes stop its password checks for the rest
 * of them: a session left open somewhere is no way to guess the password.
 */
const passwordCheckLock = failureLock('office-password-check', 5, 15 * 60);

/**
 * Runs `step` (a Better Auth call that checks the member's password first) unless the member is
 * locked out of the checks; a wrong password is audited as `failed`, counted, and answered as an
 * error of the field `field`.
 */
async function withPassword<T>(c: Context<OfficeEnv>, field: string, failed: string, step: () => Promise<T>): Promise<T> {
  const { id } = c.var.staff;
  const locked = await passwordCheckLock.lockedFor(id);
  if (locked) throw new AppError('rate_limited', 'Too many wrong passwords. Try again later.', { retryAfterSeconds: locked });
  try {
    return await step();
  } catch (err) {
    if ((err as { status?: unknown }).status !== 'BAD_REQUEST') throw err;
    await passwordCheckLock.failed(id);
    await audit(await c.var.db(), { actor: id, action: failed, record: id, ip: c.var.ip });
    throw new AppError('validation', 'Wrong password.', { errors: [{ path: field, message: 'wrongPassword' }] });
  }
}

/**
 * The signed-in member's own account (their language, password, backup codes and sessions), and
 * the team work is assigned to.
 */
export function accountRoutes() {
  const r = createOfficeRouter();
  const everyone = allow('admin', 'sales', 'recruiting', 'training', 'marketing');

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
      method: 'post',
      path: '/me/password',
      hide: true,
      middleware: [everyone],
      request: { body: jsonBody(PasswordChangeBody) },
      responses: { 200: jsonContent(OfficeOk, 'Changed; the other sessions ended') },
    }),
    async (c) => {
      const { currentPassword, newPassword } = c.req.valid('json');
      const db = await c.var.db();
      const auth = officeAuth(db);
      const headers = c.req.raw.headers;
      await withPassword(c, 'currentPassword', 'password.change_failed', () =>
        auth.api.changePassword({ body: { currentPassword, newPassword }, headers }),
      );
      // This session stays as it is (its 7 days count from its sign-in); every other one ends.
      await auth.api.revokeOtherSessions({ headers });
      await audit(db, { actor: c.var.staff.id, action: 'password.change', record: c.var.staff.id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: '/me/backup-codes',
      hide: true,
      middleware: [everyone],
      request: { body: jsonBody(BackupCodesBody) },
      responses: { 200: jsonContent(z.object({ backupCodes: z.array(z.string()) }), 'New codes; the old ones no longer work') },
    }),
    async (c) => {
      const { password } = c.req.valid('json');
      const db = await c.var.db();
      const { backupCodes } = await withPassword(c, 'password', 'backup_codes.failed', () =>
        officeAuth(db).api.generateBackupCodes({ body: { password }, headers: c.req.raw.headers }),
      );
      await audit(db, { actor: c.var.staff.id, action: 'backup_codes.new', record: c.var.staff.id, ip: c.var.ip });
      // Shown once: never kept by a cache.
      c.header('Cache-Control', 'no-store');
      return c.json({ backupCodes }, 200);
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
