import 'server-only';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { AppError, refused } from '../errors';
import { audit } from './audit';
import { auditLog } from './audit-table';
import type { OfficeLocale } from './office-locales';
import { OFFICE_ROLES, staffInvitation, staffSession, staffUser, type OfficeRole } from './staff-tables';

/** Who acts: a staff member (by id) or the operator at the server's command line (null). */
export interface Actor {
  actor: string | null;
  ip?: string | null;
}

export function isOfficeRole(value: string): value is OfficeRole {
  return OFFICE_ROLES.includes(value as OfficeRole);
}

export async function findStaffByEmail(db: Db, email: string) {
  const [row] = await db.select().from(staffUser).where(eq(staffUser.email, email.trim().toLowerCase()));
  return row;
}

export async function findStaffById(db: Db, id: string) {
  const [row] = await db.select().from(staffUser).where(eq(staffUser.id, id));
  return row;
}

export async function hasStaff(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staffUser);
  return (row?.n ?? 0) > 0;
}

/** Every member, and the invitations still open. */
export async function listStaff(db: Db) {
  const members = await db
    .select({
      id: staffUser.id,
      name: staffUser.name,
      email: staffUser.email,
      role: staffUser.role,
      disabled: staffUser.banned,
      twoFactor: staffUser.twoFactorEnabled,
      locale: staffUser.locale,
    })
    .from(staffUser)
    .orderBy(asc(staffUser.name));
  const invitations = await db
    .select({ id: staffInvitation.id, email: staffInvitation.email, role: staffInvitation.role, expiresAt: staffInvitation.expiresAt })
    .from(staffInvitation)
    .where(and(isNull(staffInvitation.acceptedAt), gt(staffInvitation.expiresAt, new Date())))
    .orderBy(asc(staffInvitation.createdAt));
  // A setup link opens nothing once the office has members (findInvitation): not an open one.
  return { members, invitations: members.length ? invitations.filter((i) => i.email !== null) : invitations };
}

/** The sign-in lock-outs of each member over the last day (audit rows `sign_in.lock`): how many, the last one. */
export async function recentLockOuts(db: Db, now = new Date()): Promise<Map<string, { count: number; last: Date }>> {
  const rows = await db
    .select({ member: auditLog.record, count: sql<number>`count(*)::int`, last: sql<string>`max(${auditLog.at})` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'sign_in.lock'), gt(auditLog.at, new Date(now.getTime() - 24 * 3600_000)), isNotNull(auditLog.record)))
    .groupBy(auditLog.record);
  return new Map(rows.map((r) => [r.member!, { count: r.count, last: new Date(r.last) }]));
}

export async function memberOrFail(db: Db, id: string) {
  const member = await findStaffById(db, id);
  if (!member) throw new AppError('not_found', 'No such staff member.');
  return member;
}

/** Gives a member a role; an admin cannot take the role from themselves (the office would lose its last one). */
export async function setStaffRole(db: Db, id: string, role: OfficeRole, by: Actor): Promise<void> {
  await memberOrFail(db, id);
  if (by.actor === id && role !== 'admin') throw refused('conflict', 'You cannot take the admin role from yourself.', 'selfDemote');
  await db.transaction(async (tx) => {
    await tx.update(staffUser).set({ role, updatedAt: new Date() }).where(eq(staffUser.id, id));
    await audit(tx, { actor: by.actor, action: 'staff.role', record: id, ip: by.ip });
  });
}

/** Disables (or enables again) a member; disabling ends their sessions at once. */
export async function setStaffDisabled(db: Db, id: string, disabled: boolean, by: Actor): Promise<void> {
  await memberOrFail(db, id);
  if (disabled && by.actor === id) throw refused('conflict', 'You cannot disable your own account.', 'selfDisable');
  await db.transaction(async (tx) => {
    await tx.update(staffUser).set({ banned: disabled, updatedAt: new Date() }).where(eq(staffUser.id, id));
    if (disabled) await tx.delete(staffSession).where(eq(staffSession.userId, id));
    await audit(tx, { actor: by.actor, action: disabled ? 'staff.disable' : 'staff.enable', record: id, ip: by.ip });
  });
}

export async function setStaffLocale(db: Db, id: string, locale: OfficeLocale): Promise<void> {
  await db.update(staffUser).set({ locale, updatedAt: new Date() }).where(eq(staffUser.id, id));
}
