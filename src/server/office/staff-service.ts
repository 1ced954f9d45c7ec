import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Db, DbOrTx } from '../db';
import { env } from '../env';
import { AppError, refused } from '../errors';
import { enqueueMail } from '../mail/mail';
import type { Queue } from '../queue/queue';
import { audit } from './audit';
import { auditLog } from './audit-table';
import { officeAuth } from './auth';
import { staffInvitationMail, staffReenrolMail } from './office-mails';
import { officeLocale, type OfficeLocale } from './office-locales';
import { forgetTotpStep } from './totp';
import {
  OFFICE_ROLES,
  staffAccount,
  staffInvitation,
  staffReenrolment,
  staffSession,
  staffTwoFactor,
  staffUser,
  type OfficeRole,
} from './staff-tables';

/** An invitation link works once, for 48 hours. */
const INVITATION_HOURS = 48;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function isOfficeRole(value: string): value is OfficeRole {
  return OFFICE_ROLES.includes(value as OfficeRole);
}

export interface Invitation {
  id: string;
  link: string;
  expiresAt: Date;
}

/** Who acts: a staff member (by id) or the operator at the server's command line (null). */
interface Actor {
  actor: string | null;
  ip?: string | null;
}

/**
 * Invites a member: a one-use link, valid 48 hours, mailed to them (when `queue` is given) and
 * answered to the inviter. Only the link's hash is stored. An address that already has an account
 * is refused; an open invitation of the same address is replaced.
 */
export async function inviteStaff(
  db: Db,
  queue: Pick<Queue, 'send'> | undefined,
  input: { email: string | null; role: OfficeRole; locale?: OfficeLocale },
  by: Actor,
): Promise<Invitation> {
  const email = input.email?.trim().toLowerCase() ?? null;
  if (email && (await findStaffByEmail(db, email))) throw refused('conflict', 'This address already has an office account.', 'emailTaken');
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 3600_000);
  const link = `${env().PUBLIC_URL}/office/accept#${token}`;
  await db.transaction(async (tx) => {
    // One open invitation per address (and one setup link): the newest wins.
    await tx
      .delete(staffInvitation)
      .where(and(email ? eq(staffInvitation.email, email) : isNull(staffInvitation.email), isNull(staffInvitation.acceptedAt)));
    const locale = input.locale ?? 'en';
    await tx
      .insert(staffInvitation)
      .values({ id, tokenHash: tokenHash(token), email, role: input.role, locale, invitedBy: by.actor, expiresAt });
    await audit(tx, { actor: by.actor, action: 'staff.invite', record: id, ip: by.ip });
    if (queue && email) {
      await enqueueMail(
        queue,
        {
          key: `staff-invitation-${id}`,
          to: email,
          locale,
          template: staffInvitationMail,
          props: { link, role: input.role, hours: INVITATION_HOURS },
        },
        { tx },
      );
    }
  });
  return { id, link, expiresAt };
}

/** An open invitation of this token: its address (null for the setup link) and role. */
export async function findInvitation(db: Db, token: string) {
  const [row] = await db
    .select({ id: staffInvitation.id, email: staffInvitation.email, role: staffInvitation.role, expiresAt: staffInvitation.expiresAt })
    .from(staffInvitation)
    .where(
      and(eq(staffInvitation.tokenHash, tokenHash(token)), isNull(staffInvitation.acceptedAt), gt(staffInvitation.expiresAt, new Date())),
    );
  // The setup link makes the first admin only: once the office has a member it opens nothing.
  if (row && row.email === null && (await hasStaff(db))) return undefined;
  return row;
}

export const invitationGone = () =>
  refused('not_found', 'This invitation link has expired or was already used. Ask for a new one.', 'invitationGone');

export interface Enrolment {
  /** otpauth:// URI for the authenticator app (the QR code). */
  totpUri: string;
  /** The same secret as text, for typing in by hand. */
  secret: string;
  backupCodes: string[];
  /** Set-Cookie headers of the new session (before the second factor: enrolment only). */
  cookies: string[];
}

/**
 * Accepts an invitation: the account is made with the chosen password, the invitation is spent
 * (once, even when two tabs send it), and an authenticator enrolment starts. Until the first code
 * from the app is typed the session reaches nothing but the enrolment.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; name: string; email?: string; password: string },
  ip: string | null,
): Promise<Enrolment> {
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password);
  const email = await db.transaction(async (tx) => {
    // One acceptance at a time: a setup link and an invitation accepted together cannot both see
    // an office without members.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff-invitation-accept'))`);
    const [invitation] = await tx
      .update(staffInvitation)
      .set({ acceptedAt: new Date() })
      .where(
        and(
          eq(staffInvitation.tokenHash, tokenHash(input.token)),
          isNull(staffInvitation.acceptedAt),
          gt(staffInvitation.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!invitation) throw invitationGone();
    if (invitation.email === null && (await hasStaff(tx))) throw invitationGone();
    const address = (invitation.email ?? input.email ?? '').trim().toLowerCase();
    if (!address) throw new AppError('validation', 'Give your email address.', { errors: [{ path: 'email', message: 'required' }] });
    const [taken] = await tx.select({ id: staffUser.id }).from(staffUser).where(eq(staffUser.email, address));
    if (taken) throw refused('conflict', 'This address already has an office account.', 'emailTaken');
    await tx.insert(staffUser).values({
      id: userId,
      name: input.name.trim(),
      email: address,
      emailVerified: !!invitation.email,
      role: invitation.role,
      locale: officeLocale(invitation.locale),
    });
    await tx.insert(staffAccount).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash });
    await audit(tx, { actor: userId, action: 'staff.accept', record: invitation.id, ip });
    // The office has a member now: a setup link still open dies with it.
    await tx.delete(staffInvitation).where(and(isNull(staffInvitation.email), isNull(staffInvitation.acceptedAt)));
    return address;
  });
  const auth = officeAuth(db);
  const signIn = await auth.api.signInEmail({ body: { email, password: input.password }, returnHeaders: true });
  const cookies = signIn.headers.getSetCookie();
  const sessionHeaders = new Headers({ cookie: cookies.map((c) => c.split(';')[0]).join('; ') });
  const enabled = await auth.api.enableTwoFactor({ body: { password: input.password }, headers: sessionHeaders });
  if (!('totpURI' in enabled) || !enabled.totpURI) throw new AppError('internal', 'The authenticator enrolment could not start.');
  return {
    totpUri: enabled.totpURI,
    secret: new URL(enabled.totpURI).searchParams.get('secret') ?? '',
    backupCodes: enabled.backupCodes ?? [],
    cookies,
  };
}

/**
 * Starts (again) the enrolment of a signed-in member who has no authenticator yet. After a reset,
 * the link mailed then must come with the password (`token`); it is spent once the new
 * authenticator's first code is accepted (finishEnrolment).
 */
export async function startEnrolment(
  db: Db,
  headers: Headers,
  { userId, password, token }: { userId: string; password: string; token?: string },
): Promise<Omit<Enrolment, 'cookies'>> {
  const [reset] = await db.select().from(staffReenrolment).where(eq(staffReenrolment.userId, userId));
  if (reset && (!token || tokenHash(token) !== reset.tokenHash || reset.expiresAt <= new Date()))
    throw refused('forbidden', 'Open the link mailed to you when your authenticator was reset.', 'enrolLinkNeeded');
  const enabled = await officeAuth(db).api.enableTwoFactor({ body: { password }, headers });
  if (!('totpURI' in enabled) || !enabled.totpURI) throw new AppError('internal', 'The authenticator enrolment could not start.');
  return {
    totpUri: enabled.totpURI,
    secret: new URL(enabled.totpURI).searchParams.get('secret') ?? '',
    backupCodes: enabled.backupCodes ?? [],
  };
}

/** The new authenticator is set up: the link of a reset is spent. */
export async function finishEnrolment(db: Db, userId: string): Promise<void> {
  await db.delete(staffReenrolment).where(eq(staffReenrolment.userId, userId));
}

export async function findStaffByEmail(db: Db, email: string) {
  const [row] = await db.select().from(staffUser).where(eq(staffUser.email, email.trim().toLowerCase()));
  return row;
}

export async function findStaffById(db: Db, id: string) {
  const [row] = await db.select().from(staffUser).where(eq(staffUser.id, id));
  return row;
}

async function hasStaff(db: DbOrTx): Promise<boolean> {
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

/**
 * Revokes an open invitation (a setup link too): its link opens nothing from now on. Answers its
 * address (null for a setup link); an invitation already accepted, expired or unknown is not found.
 */
export async function revokeInvitation(db: Db, id: string, by: Actor): Promise<{ email: string | null }> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(staffInvitation)
      .where(and(eq(staffInvitation.id, id), isNull(staffInvitation.acceptedAt), gt(staffInvitation.expiresAt, new Date())))
      .returning({ email: staffInvitation.email });
    if (!gone) throw new AppError('not_found', 'No such open invitation.');
    await audit(tx, { actor: by.actor, action: 'staff.revoke', record: id, ip: by.ip });
    return gone;
  });
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

async function memberOrFail(db: Db, id: string) {
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

/**
 * For a member who lost their authenticator: sessions end, and a link valid 48 hours is mailed to
 * them (when `queue` is given) and answered to the one who reset it. The new authenticator is set
 * up with the password and that link together (startEnrolment).
 */
export async function resetTwoFactor(db: Db, queue: Pick<Queue, 'send'> | undefined, id: string, by: Actor): Promise<{ link: string }> {
  const member = await memberOrFail(db, id);
  const token = randomBytes(32).toString('base64url');
  const link = `${env().PUBLIC_URL}/office/enrol#${token}`;
  const expiresAt = new Date(Date.now() + INVITATION_HOURS * 3600_000);
  await db.transaction(async (tx) => {
    await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, id));
    await forgetTotpStep(tx, id);
    await tx.update(staffUser).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(staffUser.id, id));
    await tx.delete(staffSession).where(eq(staffSession.userId, id));
    await tx
      .insert(staffReenrolment)
      .values({ userId: id, tokenHash: tokenHash(token), expiresAt })
      .onConflictDoUpdate({ target: staffReenrolment.userId, set: { tokenHash: tokenHash(token), expiresAt } });
    await audit(tx, { actor: by.actor, action: 'staff.reset_2fa', record: id, ip: by.ip });
    if (queue)
      await enqueueMail(
        queue,
        {
          key: `staff-reenrol-${id}-${expiresAt.getTime()}`,
          to: member.email,
          locale: officeLocale(member.locale),
          template: staffReenrolMail,
          props: { link, hours: INVITATION_HOURS },
        },
        { tx },
      );
  });
  return { link };
}

export async function setStaffLocale(db: Db, id: string, locale: OfficeLocale): Promise<void> {
  await db.update(staffUser).set({ locale, updatedAt: new Date() }).where(eq(staffUser.id, id));
}

/**
 * While nobody has an account, every start prints a one-use link that makes the first admin (the
 * previous start's link stops working). Answers undefined once someone has an account.
 */
export async function setupLink(db: Db): Promise<string | undefined> {
  if (await hasStaff(db)) return undefined;
  return (await inviteStaff(db, undefined, { email: null, role: 'admin' }, { actor: null })).link;
}
