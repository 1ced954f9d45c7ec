import 'server-only';
import { clientIp } from '../api/client-ip';
import type { Db } from '../db';
import { env } from '../env';
import { AppError } from '../errors';
import { enqueueMail } from '../mail/mail';
import { queue } from '../queue';
import { rateLimit } from '../rate-limit';
import { audit } from './audit';
import { staffPasswordResetMail } from './office-mails';
import { officeLocale } from './office-locales';
import { lockKey, signInLock } from './sign-in-lock';
import { findStaffById } from './staff-members';
import { tokenHash } from './staff-links';

// A forgotten password (decision 063): Better Auth makes the one-use token and checks it, the
// office mails its own link and keeps the second factor. These are the Better Auth options of it
// (auth.ts); the routes are password-reset-routes.ts.

/** How long the mailed link works. */
const RESET_LINK_MINUTES = 60;
/** Mails to one address per hour: a stranger typing it again and again cannot flood the member's mailbox. */
const MAILS_PER_ADDRESS_HOUR = 3;

/** The mail's link: the token after `#`, so it reaches no server's log and no page's referrer. */
const resetLinkOf = (token: string) => `${env().PUBLIC_URL}/office/reset-password#${token}`;

async function mailResetLink(db: Db, userId: string, token: string): Promise<void> {
  const member = await findStaffById(db, userId);
  // A disabled member could not sign in with a new password: no mail, and the same answer.
  if (!member || member.banned) return;
  try {
    await rateLimit('office-password-reset-mail', member.email, MAILS_PER_ADDRESS_HOUR, 3600);
  } catch (err) {
    // Past the limit the answer stays the same (it must not tell an address has an account); no mail.
    if (err instanceof AppError && err.code === 'rate_limited') return;
    throw err;
  }
  await enqueueMail(await queue(), {
    key: `staff-password-reset-${tokenHash(token).slice(0, 32)}`,
    to: member.email,
    locale: officeLocale(member.locale),
    template: staffPasswordResetMail,
    props: { link: resetLinkOf(token), minutes: RESET_LINK_MINUTES },
  });
}

/**
 * Better Auth's `emailAndPassword` options of the reset: the token lives an hour and works once
 * (Better Auth consumes it), every session of the member ends, and the reset signs nobody in: the
 * next sign-in asks for the password and the authenticator's code as always.
 */
export function passwordResetOptions(db: Db) {
  return {
    resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: ({ user, token }: { user: { id: string }; token: string }) => mailResetLink(db, user.id, token),
    onPasswordReset: async ({ user }: { user: { id: string; email: string } }, request?: Request) => {
      const ip = request ? clientIp(request.headers) : null;
      await audit(db, { actor: user.id, action: 'password.reset', record: user.id, ip });
      // Locked out by wrong passwords, then reset from the same place: the new one signs in at once.
      if (ip) await signInLock.reset(lockKey(user.email, ip));
    },
  };
}
