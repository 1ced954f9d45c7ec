import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { betterAuthTables } from '@/server/db/better-auth-schema';
import { timestamptz } from '@/server/db/columns';

// Better Auth's four tables (user, session, account, verification) under an `auth_` prefix. The
// external application signs in against them. `auth_user.email_verified` is false until the owner
// typed the mailed code or followed the link: the unconfirmed user. In `auth_verification`, a
// sign-up code's identifier is `email-verification-otp-<email>`, its value Better Auth's one-time
// code (HMAC, see auth.ts) and its failed attempts (`<hash>:<attempts>`); sign-ups count theirs per
// address and client (accounts-service.ts).
const betterAuth = betterAuthTables('auth');

export const authUser = betterAuth.user;
export const authSession = betterAuth.session;
export const authAccount = betterAuth.account;
export const authVerification = betterAuth.verification;

/**
 * One sign-up of an address that is not confirmed yet: its own code and the password it chose.
 * The password reaches `auth_account` only when this sign-up's code is used, so a later sign-up of
 * the same address (by someone else, say) can neither replace it nor be activated by its code.
 */
export const accountSignup = pgTable(
  'account_signup',
  {
    /** Random; the link in the code mail names it, so the link confirms this sign-up only. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** scrypt hash (salt:key) of the password this sign-up chose. */
    passwordHash: text('password_hash').notNull(),
    /** HMAC-SHA256 of the code with a key derived from AUTH_SECRET: a leaked table gives no codes. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('account_signup_user_idx').on(t.userId)],
);

export type AuthUser = typeof authUser.$inferSelect;
export type AccountSignup = typeof accountSignup.$inferSelect;
