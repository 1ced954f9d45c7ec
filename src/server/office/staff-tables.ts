import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { betterAuthTables } from '../db/better-auth-schema';
import { timestamptz } from '../db/columns';

// The staff's accounts: Better Auth's tables (with its two-factor and admin plugins' fields) under
// a `staff_` prefix, apart from the trial sign-up's `auth_` tables, so no trial user can ever sign
// in to the office (one definition of both: ../db/better-auth-schema.ts). The JavaScript field
// names are the ones Better Auth's drizzle adapter expects.

export const OFFICE_ROLES = ['admin', 'sales', 'recruiting', 'training', 'marketing'] as const;
export type OfficeRole = (typeof OFFICE_ROLES)[number];

const betterAuth = betterAuthTables('staff', {
  user: {
    /** True once an authenticator app's code was typed: until then the office shows only the enrolment. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** One of OFFICE_ROLES. */
    role: text('role').notNull().default('sales'),
    /** A disabled member (admin plugin's "ban"): no sign-in, sessions ended. */
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamptz('ban_expires'),
    /** The office's language for this member (OFFICE_LOCALES: en, es, fr, de, it). */
    locale: text('locale').notNull().default('en'),
  },
  session: { impersonatedBy: text('impersonated_by') },
});

export const staffUser = betterAuth.user;
export const staffSession = betterAuth.session;
export const staffAccount = betterAuth.account;
export const staffVerification = betterAuth.verification;

/** The authenticator secret and backup codes, both encrypted by Better Auth. */
export const staffTwoFactor = pgTable(
  'staff_two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [index('staff_two_factor_user_idx').on(t.userId)],
);

/**
 * The time step (30 s since 1970) of the last authenticator code each member signed in or enrolled
 * with: a code of that step or an earlier one is refused, so a code works once (RFC 6238 §5.2).
 */
export const staffTotpStep = pgTable('staff_totp_step', {
  userId: text('user_id')
    .primaryKey()
    .references(() => staffUser.id, { onDelete: 'cascade' }),
  step: bigint('step', { mode: 'number' }).notNull(),
});

/**
 * After an admin reset a member's authenticator, the new one is enrolled with the password and a
 * link mailed to the member's address (only its hash is kept): a password alone, leaked or
 * guessed, sets up no authenticator. Gone once the new one is set up.
 */
export const staffReenrolment = pgTable('staff_reenrolment', {
  userId: text('user_id')
    .primaryKey()
    .references(() => staffUser.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/** A one-use invitation: only the hash of its token is kept, the link holds the token. */
export const staffInvitation = pgTable(
  'staff_invitation',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Null for the first setup link, whose accepter gives their address. */
    email: text('email'),
    role: text('role').notNull(),
    /** The language the invitation was mailed in: the new member's office speaks it too. */
    locale: text('locale').notNull().default('en'),
    /** The member who invited, or null for the operator's command line and the first setup link. */
    invitedBy: text('invited_by'),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('staff_invitation_open_idx')
      .on(t.email)
      .where(sql`${t.acceptedAt} is null`),
  ],
);

export type StaffUser = typeof staffUser.$inferSelect;
