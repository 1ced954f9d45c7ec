import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../db';
import { env } from '../env';
import { AppError, refused } from '../errors';
import { enqueueMail } from '../mail/mail';
import type { Queue } from '../queue/queue';
import { audit } from './audit';
import { officeAuth } from './auth';
import { staffInvitationMail } from './office-mails';
import { officeLocale, type OfficeLocale } from './office-locales';
import { beginTwoFactor, type Enrolment } from './staff-enrolment';
import { LINK_HOURS, newLink, tokenHash } from './staff-links';
import { findStaffByEmail, hasStaff, type Actor } from './staff-members';
import { staffAccount, staffInvitation, staffUser, type OfficeRole } from './staff-tables';

// How a member comes in: an invitation (or the setup link that makes the first admin), accepted
// with a password, which starts the authenticator's enrolment. The members themselves are
// staff-members.ts's; their authenticator, staff-enrolment.ts's.

export interface Invitation {
  id: string;
  link: string;
  expiresAt: Date;
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
  const { token, hash, expiresAt } = newLink();
  const id = randomUUID();
  const link = `${env().PUBLIC_URL}/office/accept#${token}`;
  await db.transaction(async (tx) => {
    // One open invitation per address (and one setup link): the newest wins.
    await tx
      .delete(staffInvitation)
      .where(and(email ? eq(staffInvitation.email, email) : isNull(staffInvitation.email), isNull(staffInvitation.acceptedAt)));
    const locale = input.locale ?? 'en';
    await tx.insert(staffInvitation).values({ id, tokenHash: hash, email, role: input.role, locale, invitedBy: by.actor, expiresAt });
    await audit(tx, { actor: by.actor, action: 'staff.invite', record: id, ip: by.ip });
    if (queue && email) {
      await enqueueMail(
        queue,
        {
          key: `staff-invitation-${id}`,
          to: email,
          locale,
          template: staffInvitationMail,
          props: { link, role: input.role, hours: LINK_HOURS },
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
  const signIn = await officeAuth(db).api.signInEmail({ body: { email, password: input.password }, returnHeaders: true });
  const cookies = signIn.headers.getSetCookie();
  const sessionHeaders = new Headers({ cookie: cookies.map((c) => c.split(';')[0]).join('; ') });
  return { ...(await beginTwoFactor(db, input.password, sessionHeaders)), cookies };
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

/**
 * While nobody has an account, every start prints a one-use link that makes the first admin (the
 * previous start's link stops working). Answers undefined once someone has an account.
 */
export async function setupLink(db: Db): Promise<string | undefined> {
  if (await hasStaff(db)) return undefined;
  return (await inviteStaff(db, undefined, { email: null, role: 'admin' }, { actor: null })).link;
}
