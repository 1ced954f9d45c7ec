import 'server-only';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db';
import { env } from '../env';
import { AppError, refused } from '../errors';
import type { ApiEnv } from '../api/app-router';
import { officeAuth, officeOrigins, SESSION_LIMIT_SECONDS } from './auth';
import { officeLocale, type OfficeLocale } from './office-locales';
import { OFFICE_ROLES, staffSession, type OfficeRole } from './staff-tables';

/** The signed-in staff member, as every office route and page sees them. */
export interface Staff {
  id: string;
  name: string;
  email: string;
  role: OfficeRole;
  locale: OfficeLocale;
  sessionId: string;
}

export type OfficeEnv = { Variables: ApiEnv['Variables'] & { staff: Staff } };

const isRole = (value: unknown): value is OfficeRole => OFFICE_ROLES.includes(value as OfficeRole);

/**
 * The staff member of a request: a live session of an enabled member who has enrolled their
 * authenticator (a session from the password alone, before the second factor, is never one),
 * used within its 12 idle hours and begun less than SESSION_LIMIT_SECONDS ago.
 */
export async function staffOf(db: Db, headers: Headers): Promise<Staff | undefined> {
  const found = await officeAuth(db).api.getSession({ headers, query: { disableCookieCache: true } });
  const user = found?.user as (typeof found extends { user: infer U } | null ? U : never) & {
    role?: unknown;
    locale?: unknown;
    banned?: boolean | null;
  };
  if (!found || !user || user.banned || !user.twoFactorEnabled || !isRole(user.role)) return undefined;
  if (Date.now() - new Date(found.session.createdAt).getTime() > SESSION_LIMIT_SECONDS * 1000) {
    // Past the absolute limit, however active: the session ends here and the member signs in again.
    await db.delete(staffSession).where(eq(staffSession.id, found.session.id));
    return undefined;
  }
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    locale: officeLocale(user.locale),
    sessionId: found.session.id,
  };
}

/**
 * Cross-site requests are refused: a request that changes anything must come from the site's own
 * pages (the Origin browsers send with every POST, PATCH and DELETE). The session cookie is also
 * SameSite=Strict; this holds even where a browser would send it.
 */
export function sameOriginOnly(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const origin = c.req.header('origin');
      if (!origin || !officeOrigins().includes(origin))
        throw refused('forbidden', `Cross-site requests are refused: the office is at ${env().PUBLIC_URL}.`, 'wrongOrigin');
    }
    await next();
  };
}

const ROLES = Symbol.for('site.office.roles');
type RoleCheck = MiddlewareHandler<OfficeEnv> & { [ROLES]: readonly OfficeRole[] };

/** The roles a route allows (its middleware), or undefined for a handler that names none. */
export function rolesOf(handler: unknown): readonly OfficeRole[] | undefined {
  return (handler as Partial<RoleCheck> | null)?.[ROLES];
}

/**
 * Every office route declares who may call it: `middleware: [allow('admin', 'sales')]`. Nobody
 * signed in gets 401; a member of another role 403. The office router refuses any route that
 * names no roles (officeGate), so a forgotten rule denies instead of allowing.
 */
export function allow(...roles: OfficeRole[]): RoleCheck {
  const check: MiddlewareHandler<OfficeEnv> = async (c, next) => {
    const staff = c.get('staff');
    if (!roles.includes(staff.role)) throw new AppError('forbidden', 'Your role does not allow this.');
    await next();
  };
  return Object.assign(check, { [ROLES]: roles });
}

/** Mounted before every office route: the signed-in member, and no route without its roles. */
export function officeGate(): MiddlewareHandler<OfficeEnv> {
  return async (c, next) => {
    const declared = c.req.matchedRoutes.some((r) => rolesOf(r.handler));
    const staff = await staffOf(await c.var.db(), c.req.raw.headers);
    if (!staff) throw new AppError('unauthorized', 'Sign in to the office first.');
    if (!declared) throw new AppError('forbidden', 'This route names no roles.');
    c.set('staff', staff);
    c.header('Cache-Control', 'no-store');
    await next();
  };
}
