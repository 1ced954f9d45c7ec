import 'server-only';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { emailOTP } from 'better-auth/plugins/email-otp';
import { SOCKET_IP_HEADER } from '@/server/api/rate-limit';
import type { Db } from '@/server/db';
import { authSecret, env } from '@/server/env';
import { CODE_LENGTH } from '../schema';
import { authAccount, authSession, authUser, authVerification } from './auth-tables';
import { hashCode } from './signup-code';

/** A code is valid this long, and for this many wrong tries; then a new one is needed. */
export const CODE_TTL_SECONDS = 600;
export const CODE_ATTEMPTS = 5;

/**
 * Better Auth on our database. Its HTTP handler is not mounted: the site's two sign-up endpoints
 * call it on the server, and the external application signs in against the same tables. Rate
 * limits are ours (per real client address, see rate-limit.ts), so its own are off.
 */
function createAuth(db: Db) {
  const e = env();
  return betterAuth({
    appName: e.SITE_NAME,
    secret: authSecret(),
    baseURL: e.PUBLIC_URL,
    basePath: '/rest/auth',
    trustedOrigins: [e.PUBLIC_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification } }),
    emailAndPassword: { enabled: true, requireEmailVerification: true, minPasswordLength: 6, maxPasswordLength: 35 },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: e.NODE_ENV === 'test' },
    // Deliberate even though the handler is not mounted: never a header a client can set.
    advanced: { ipAddress: { ipAddressHeaders: [e.TRUSTED_PROXY_HEADER || SOCKET_IP_HEADER] } },
    plugins: [
      emailOTP({
        otpLength: CODE_LENGTH,
        expiresIn: CODE_TTL_SECONDS,
        allowedAttempts: CODE_ATTEMPTS,
        // The sign-up keeps a code per sign-up in account_signup (Better Auth keeps one per
        // address); a code made through Better Auth is stored keyed the same way, never as SHA-256.
        storeOTP: { hash: async (otp) => hashCode(otp) },
        sendVerificationOTP: async () => {},
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Db, Auth>();

/** One Better Auth instance per database handle (the process's, or a test's). */
export function authFor(db: Db): Auth {
  let auth = instances.get(db);
  if (!auth) instances.set(db, (auth = createAuth(db)));
  return auth;
}
