import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@/server/db';
import { accountSignup, authAccount, authUser, type AccountSignup, type AuthUser } from './auth-tables';

export const newId = () => randomBytes(18).toString('base64url');

export async function findUserByEmail(db: DbOrTx, email: string): Promise<AuthUser | undefined> {
  const [user] = await db.select().from(authUser).where(eq(authUser.email, email));
  return user;
}

export async function findUserById(db: DbOrTx, id: string): Promise<AuthUser | undefined> {
  const [user] = await db.select().from(authUser).where(eq(authUser.id, id));
  return user;
}

/**
 * The unconfirmed user of an address, made by its first sign-up without a password (that comes
 * with the confirmed sign-up). Answers its id; null when the address is confirmed by now. An
 * existing user's row is locked (a no-op update) until the sign-up commits: the hourly clean-up
 * cannot delete it meanwhile, and if the clean-up came first the user is made again.
 */
export async function ensureUnconfirmedUser(tx: DbOrTx, u: { email: string; name: string; now: Date }): Promise<string | null> {
  const [user] = await tx
    .insert(authUser)
    .values({ id: newId(), email: u.email, name: u.name, emailVerified: false, createdAt: u.now, updatedAt: u.now })
    .onConflictDoUpdate({ target: authUser.email, set: { email: sql`excluded.email` } })
    .returning({ id: authUser.id, emailVerified: authUser.emailVerified });
  return user && !user.emailVerified ? user.id : null;
}

export async function insertSignup(tx: DbOrTx, signup: typeof accountSignup.$inferInsert): Promise<void> {
  await tx.insert(accountSignup).values(signup);
}

export async function findSignups(db: DbOrTx, userId: string): Promise<AccountSignup[]> {
  return db.select().from(accountSignup).where(eq(accountSignup.userId, userId));
}

/**
 * Locks, in id order, the users who have sign-ups that expired before this moment; answers their
 * ids. Users first, then their sign-ups: the order a confirmation takes them in (activateSignup
 * updates the user before dropping the address's other sign-ups), so the two cannot deadlock. In a
 * statement of its own: a sign-up of the address committed meanwhile is then seen by the checks of
 * deleteUnconfirmedUsers (read committed); one arriving later waits for the transaction
 * (ensureUnconfirmedUser locks the row too) and then makes the user again.
 */
export async function lockUsersWithSignupsExpiredBefore(tx: Tx, before: Date): Promise<string[]> {
  const expired = tx.select({ userId: accountSignup.userId }).from(accountSignup).where(lt(accountSignup.expiresAt, before));
  const users = await tx.select({ id: authUser.id }).from(authUser).where(inArray(authUser.id, expired)).orderBy(authUser.id).for('update');
  return users.map((u) => u.id);
}

/** Drops sign-ups that expired before this moment, with their password hashes. */
export async function deleteSignupsExpiredBefore(tx: Tx, before: Date): Promise<void> {
  await tx.delete(accountSignup).where(lt(accountSignup.expiresAt, before));
}

/**
 * Of these users (locked by lockUsersWithSignupsExpiredBefore), deletes those never confirmed that
 * have no sign-up and no password left; answers their emails. Only these: the user table is shared
 * with the application (decision 013), whose own unconfirmed users are not the site's to remove.
 */
export async function deleteUnconfirmedUsers(tx: Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const pending = tx.select({ id: accountSignup.id }).from(accountSignup).where(eq(accountSignup.userId, authUser.id));
  // A sign-up gets its password account only when confirmed: a user with one came another way.
  const withPassword = tx.select({ id: authAccount.id }).from(authAccount).where(eq(authAccount.userId, authUser.id));
  const removed = await tx
    .delete(authUser)
    .where(and(inArray(authUser.id, ids), eq(authUser.emailVerified, false), notExists(pending), notExists(withPassword)))
    .returning({ email: authUser.email });
  return removed.map((r) => r.email);
}

/**
 * Confirms the address with this sign-up, once: the sign-up is taken only while it is valid (a
 * conditional delete, so two confirmations cannot both win), its name and password become the
 * account's, and the address's other sign-ups are dropped. False when it was no longer valid.
 */
export async function activateSignup(tx: DbOrTx, id: string, now: Date): Promise<boolean> {
  const [signup] = await tx
    .delete(accountSignup)
    .where(and(eq(accountSignup.id, id), gt(accountSignup.expiresAt, now)))
    .returning();
  if (!signup) return false;
  // Conditional too: of two sign-ups confirmed at the same moment, only the first sets the password.
  const [user] = await tx
    .update(authUser)
    .set({ emailVerified: true, name: signup.name, updatedAt: now })
    .where(and(eq(authUser.id, signup.userId), eq(authUser.emailVerified, false)))
    .returning({ id: authUser.id });
  if (!user) return false;
  const updated = await tx
    .update(authAccount)
    .set({ password: signup.passwordHash, updatedAt: now })
    .where(and(eq(authAccount.userId, signup.userId), eq(authAccount.providerId, 'credential')))
    .returning({ id: authAccount.id });
  if (updated.length === 0) {
    await tx.insert(authAccount).values({
      id: newId(),
      accountId: signup.userId,
      providerId: 'credential',
      userId: signup.userId,
      password: signup.passwordHash,
      createdAt: now,
      updatedAt: now,
    });
  }
  await tx.delete(accountSignup).where(eq(accountSignup.userId, signup.userId));
  return true;
}
