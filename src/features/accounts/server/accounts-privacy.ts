import 'server-only';
import { eq } from 'drizzle-orm';
import type { PrivacyContribution } from '@/server/features';
import { accountSignup, authAccount, authSession, authUser, authVerification } from './auth-tables';

/** Better Auth's identifier of a sign-up code for an address (auth-tables.ts). */
const otpIdentifier = (email: string) => `email-verification-otp-${email}`;

/**
 * The trial sign-up's part in a privacy request: the application's user row for the address, its
 * sessions (when and from where), its credential (that one exists: never the hash) and sign-ups
 * not confirmed yet. The trial lead is the forms kernel's. Erasing deletes the user with all of it
 * (cascades), and the pending codes.
 */
export const accountsPrivacy: PrivacyContribution = {
  async collect(db, email) {
    const [user] = await db.select().from(authUser).where(eq(authUser.email, email));
    if (!user) return { records: { trial_accounts: [], trial_signups: [] }, files: [] };
    const sessions = await db
      .select({
        createdAt: authSession.createdAt,
        expiresAt: authSession.expiresAt,
        ipAddress: authSession.ipAddress,
        userAgent: authSession.userAgent,
      })
      .from(authSession)
      .where(eq(authSession.userId, user.id));
    const credentials = await db
      .select({ providerId: authAccount.providerId, createdAt: authAccount.createdAt })
      .from(authAccount)
      .where(eq(authAccount.userId, user.id));
    const signups = await db
      .select({ id: accountSignup.id, name: accountSignup.name, createdAt: accountSignup.createdAt, expiresAt: accountSignup.expiresAt })
      .from(accountSignup)
      .where(eq(accountSignup.userId, user.id));
    return {
      records: { trial_accounts: [{ ...user, sessions, credentials }], trial_signups: signups },
      files: [],
    };
  },
  async erase(db, _queue, email) {
    const signups = await db
      .select({ id: accountSignup.id })
      .from(accountSignup)
      .innerJoin(authUser, eq(authUser.id, accountSignup.userId))
      .where(eq(authUser.email, email));
    const users = await db.delete(authUser).where(eq(authUser.email, email)).returning({ id: authUser.id });
    await db.delete(authVerification).where(eq(authVerification.identifier, otpIdentifier(email)));
    return { deleted: { trial_accounts: users.length, trial_signups: signups.length }, kept: [] };
  },
};
