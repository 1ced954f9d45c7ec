import 'server-only';
import { createHmac } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, twoFactor } from 'better-auth/plugins';
import type { Db } from '../db';
import { authSecret, env } from '../env';
import { OFFICE_COOKIE_PREFIX } from './office-cookie';
import { passwordResetOptions } from './password-reset';
import { staffAccount, staffSession, staffTwoFactor, staffUser, staffVerification } from './staff-tables';

export const OFFICE_AUTH_PATH = '/rest/office/auth';
/** Idle expiry: a session not used for 12 hours ends; each use (at most every 10 minutes) extends it. */
const SESSION_SECONDS = 12 * 60 * 60;
const SESSION_REFRESH_SECONDS = 10 * 60;
/** However it is used, a session ends this long after its sign-in (access.ts): the member signs in again. */
export const SESSION_LIMIT_SECONDS = 7 * 24 * 60 * 60;

/**
 * The office's own key, derived from AUTH_SECRET: its cookies and encrypted authenticator secrets
 * share nothing with the sign-up's codes.
 */
export const officeSecret = () => createHmac('sha256', authSecret()).update('staff-office').digest('base64url');

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the office answers requests that change anything from: the public address's, and
 * when that is a loopback name (`npm start` on one's own machine), its other loopback names on the
 * same port, so a link printed for localhost also works opened as 127.0.0.1.
 */
export function officeOrigins(): string[] {
  const url = new URL(env().PUBLIC_URL);
  if (!LOOPBACK.includes(url.hostname)) return [url.origin];
  return LOOPBACK.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

function createOfficeAuth(db: Db) {
  const e = env();
  const secure = e.PUBLIC_URL.startsWith('https://');
  return betterAuth({
    appName: `${e.SITE_NAME} office`,
    baseURL: e.PUBLIC_URL,
    basePath: OFFICE_AUTH_PATH,
    secret: officeSecret(),
    trustedOrigins: officeOrigins(),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { staffUser, staffSession, staffAccount, staffVerification, staffTwoFactor },
    }),
    user: {
      modelName: 'staffUser',
      additionalFields: { locale: { type: 'string', required: false, defaultValue: 'en', input: false } },
    },
    session: {
      modelName: 'staffSession',
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      // Every request reads the session row: disabling a member or ending a session counts at once.
      cookieCache: { enabled: false },
    },
    account: { modelName: 'staffAccount' },
    verification: {
      modelName: 'staffVerification',
      // A password reset's token is kept as its hash only, as the office's own links are (staff-links.ts).
      storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } },
    },
    // No sign-up: accounts come from invitations (staff-service.ts). A forgotten password: password-reset.ts.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      ...passwordResetOptions(db),
    },
    // Limits and the lock after repeated failures are the site's own (office-auth-routes.ts), shared
    // by every node through Redis.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Failures are answered and audited by the office's routes; Better Auth's own warnings would repeat them.
    logger: { level: 'error' },
    advanced: {
      cookiePrefix: OFFICE_COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { sameSite: 'strict', httpOnly: true, secure },
      ipAddress: { ipAddressHeaders: [e.TRUSTED_PROXY_HEADER ?? 'x-site-socket-ip'] },
    },
    plugins: [
      twoFactor({
        issuer: e.SITE_NAME,
        schema: { twoFactor: { modelName: 'staffTwoFactor' } },
        // The second step must follow the first within 5 minutes.
        twoFactorCookieMaxAge: 5 * 60,
      }),
      admin({ defaultRole: 'sales', adminRoles: ['admin'], bannedUserMessage: 'This account is disabled.' }),
    ],
  });
}

export type OfficeAuth = ReturnType<typeof createOfficeAuth>;

const instances = new WeakMap<Db, OfficeAuth>();

/** The office's Better Auth instance on this database (one per database handle). */
export function officeAuth(db: Db): OfficeAuth {
  let auth = instances.get(db);
  if (!auth) instances.set(db, (auth = createOfficeAuth(db)));
  return auth;
}
