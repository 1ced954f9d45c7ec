import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { env } from '../env';
import { AppError, refused } from '../errors';
import { enqueueMail } from '../mail/mail';
import type { Queue } from '../queue/queue';
import { audit } from './audit';
import { officeAuth } from './auth';
import { staffReenrolMail } from './office-mails';
import { officeLocale } from './office-locales';
import { LINK_HOURS, newLink, tokenHash } from './staff-links';
import { memberOrFail, type Actor } from './staff-members';
import { staffReenrolment, staffSession, staffTwoFactor, staffUser } from './staff-tables';
import { forgetTotpStep } from './totp';

export interface Enrolment {
  /** otpauth:// URI for the authenticator app (the QR code). */
  totpUri: string;
  /** The same secret as text, for typing in by hand. */
  secret: string;
  backupCodes: string[];
  /** Set-Cookie headers of the new session (before the second factor: enrolment only). */
  cookies: string[];
}

/** Starts the authenticator's enrolment in the session of these headers (checked with the password). */
export async function beginTwoFactor(db: Db, password: string, headers: Headers): Promise<Omit<Enrolment, 'cookies'>> {
  const enabled = await officeAuth(db).api.enableTwoFactor({ body: { password }, headers });
  if (!('totpURI' in enabled) || !enabled.totpURI) throw new AppError('internal', 'The authenticator enrolment could not start.');
  return {
    totpUri: enabled.totpURI,
    secret: new URL(enabled.totpURI).searchParams.get('secret') ?? '',
    backupCodes: enabled.backupCodes ?? [],
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
  return beginTwoFactor(db, password, headers);
}

/** The new authenticator is set up: the link of a reset is spent. */
export async function finishEnrolment(db: Db, userId: string): Promise<void> {
  await db.delete(staffReenrolment).where(eq(staffReenrolment.userId, userId));
}

/**
 * For a member who lost their authenticator: sessions end, and a link valid 48 hours is mailed to
 * them (when `queue` is given) and answered to the one who reset it. The new authenticator is set
 * up with the password and that link together (startEnrolment).
 */
export async function resetTwoFactor(db: Db, queue: Pick<Queue, 'send'> | undefined, id: string, by: Actor): Promise<{ link: string }> {
  const member = await memberOrFail(db, id);
  const { token, hash, expiresAt } = newLink();
  const link = `${env().PUBLIC_URL}/office/enrol#${token}`;
  await db.transaction(async (tx) => {
    await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.userId, id));
    await forgetTotpStep(tx, id);
    await tx.update(staffUser).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(staffUser.id, id));
    await tx.delete(staffSession).where(eq(staffSession.userId, id));
    await tx
      .insert(staffReenrolment)
      .values({ userId: id, tokenHash: hash, expiresAt })
      .onConflictDoUpdate({ target: staffReenrolment.userId, set: { tokenHash: hash, expiresAt } });
    await audit(tx, { actor: by.actor, action: 'staff.reset_2fa', record: id, ip: by.ip });
    if (queue)
      await enqueueMail(
        queue,
        {
          key: `staff-reenrol-${id}-${expiresAt.getTime()}`,
          to: member.email,
          locale: officeLocale(member.locale),
          template: staffReenrolMail,
          props: { link, hours: LINK_HOURS },
        },
        { tx },
      );
  });
  return { link };
}
