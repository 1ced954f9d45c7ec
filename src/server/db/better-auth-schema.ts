import { boolean, index, pgTable, text, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

type Columns = Record<string, PgColumnBuilderBase>;
type None = Record<never, never>;

/**
 * Better Auth's four tables (user, session, account, verification) under `prefix`, with the
 * JavaScript field names its drizzle adapter expects, and `extra` columns after its own. Made twice
 * from this one definition: the trial sign-up's `auth_` tables (src/features/accounts, which the
 * external application signs in against) and the staff's `staff_` tables (src/server/office, with
 * its plugins' fields), apart so that no trial user can ever sign in to the office.
 */
export function betterAuthTables<P extends string, U extends Columns = None, S extends Columns = None>(
  prefix: P,
  extra: { user?: U; session?: S } = {},
) {
  const user = pgTable(`${prefix}_user`, {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Lower-case; one account per address. */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    ...(extra.user as U),
  });

  const session = pgTable(
    `${prefix}_session`,
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
        .references(() => user.id, { onDelete: 'cascade' }),
      ...(extra.session as S),
    },
    (t) => [index(`${prefix}_session_user_idx`).on(t.userId)],
  );

  const account = pgTable(
    `${prefix}_account`,
    {
      id: text('id').primaryKey(),
      accountId: text('account_id').notNull(),
      /** 'credential' for an email and password account. */
      providerId: text('provider_id').notNull(),
      userId: text('user_id')
        .notNull()
        .references(() => user.id, { onDelete: 'cascade' }),
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
    (t) => [index(`${prefix}_account_user_idx`).on(t.userId)],
  );

  const verification = pgTable(
    `${prefix}_verification`,
    {
      id: text('id').primaryKey(),
      identifier: text('identifier').notNull(),
      value: text('value').notNull(),
      expiresAt: timestamptz('expires_at').notNull(),
      createdAt: timestamptz('created_at').notNull().defaultNow(),
      updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    },
    (t) => [index(`${prefix}_verification_identifier_idx`).on(t.identifier)],
  );

  return { user, session, account, verification };
}
