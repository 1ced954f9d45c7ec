import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';

// Better Auth's four tables (user, session, account, verification) with the fields its drizzle
// adapter expects, under an `auth_` prefix. The external application signs in against them.

export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Lower-case; one account per address. */
  email: text('email').notNull().unique(),
  /** False until the owner typed the mailed code or followed the link: the unconfirmed user. */
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    /** 'credential' for an email and password account. */
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    /** scrypt hash (salt:key), never the password. */
    password: text('password'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_account_user_idx').on(t.userId)],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    /** `email-verification-otp-<email>` for a sign-up code. */
    identifier: text('identifier').notNull(),
    /** Better Auth's one-time codes (HMAC, see auth.ts) and their failed attempts (`<hash>:<attempts>`); sign-ups count theirs per address and client (accounts-service.ts). */
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_verification_identifier_idx').on(t.identifier)],
);

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
