import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { authAccount, authUser, type AuthUser } from './auth-tables';

const newId = () => randomBytes(18).toString('base64url');

export async function findUserByEmail(db: DbOrTx, email: string): Promise<AuthUser | undefined> {
  const [user] = await db.select().from(authUser).where(eq(authUser.email, email));
  return user;
}

export async function findUserById(db: DbOrTx, id: string): Promise<AuthUser | undefined> {
  const [user] = await db.select().from(authUser).where(eq(authUser.id, id));
  return user;
}

/**
 * The unconfirmed user of a sign-up: a new one with its email and password account, or, for an
 * address that was never confirmed, the existing one with the latest name and password (so an
 * earlier sign-up by someone else cannot outlive the owner's own). Answers the user's id.
 */
export async function saveUnconfirmedUser(tx: DbOrTx, u: { email: string; name: string; passwordHash: string; now: Date }): Promise<string> {
  const id = newId();
  const [created] = await tx
    .insert(authUser)
    .values({ id, email: u.email, name: u.name, emailVerified: false, createdAt: u.now, updatedAt: u.now })
    .onConflictDoNothing({ target: authUser.email })
    .returning({ id: authUser.id });
  if (created) {
    await tx.insert(authAccount).values({ id: newId(), accountId: id, providerId: 'credential', userId: id, password: u.passwordHash, createdAt: u.now, updatedAt: u.now });
    return id;
  }
  const [existing] = await tx
    .update(authUser)
    .set({ name: u.name, updatedAt: u.now })
    .where(and(eq(authUser.email, u.email), eq(authUser.emailVerified, false)))
    .returning({ id: authUser.id });
  if (!existing) throw new Error('The address was confirmed meanwhile');
  await tx
    .update(authAccount)
    .set({ password: u.passwordHash, updatedAt: u.now })
    .where(and(eq(authAccount.userId, existing.id), eq(authAccount.providerId, 'credential')));
  return existing.id;
}
