import 'server-only';
import { randomBytes } from 'node:crypto';
import { APIError } from 'better-auth';
import { hashPassword } from 'better-auth/crypto';
import { recordLead } from '@/features/leads/server/leads-service';
import { localizedPath } from '@/i18n/routing';
import { AppError } from '@/server/api/errors';
import { rateLimit } from '@/server/api/rate-limit';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { enqueueMail } from '@/server/mail/mail';
import type { Queue } from '@/server/queue/queue';
import type { ConfirmUser, UnconfirmedUser } from '../schema';
import { findUserByEmail, findUserById, saveUnconfirmedUser } from './accounts-repository';
import { CODE_TTL_SECONDS, authFor } from './auth';
import { sealCode } from './sealed-code';

/** The page that confirms a user from the link in the code mail. */
export const verifyPath = (userId: string) => `/user/${encodeURIComponent(userId)}/email/actions/verifyemail`;

/**
 * Registers the unconfirmed user of a sign-up and mails the code. The trial lead, the user and
 * the mail are written in one transaction. An address that already has an account gets the same
 * answer, and its owner a mail saying so instead of a code: nobody learns which addresses exist.
 */
export async function registerUnconfirmedUser(db: Db, queue: Queue, input: UnconfirmedUser, { ip, now = new Date() }: { ip: string; now?: Date }): Promise<void> {
  const email = input.email.toLowerCase();
  await rateLimit('signup-ip', ip, 10, 3600);
  await rateLimit('signup-email', email, 3, 3600);

  // Hashed for every address, so an existing account does not answer faster.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, email);
  const confirmed = existing?.emailVerified === true;
  // Generated and stored hashed by Better Auth (outside the transaction: PGlite has one
  // connection). Should the transaction fail, the visitor is told so and this code is never sent.
  const code = confirmed ? null : await authFor(db).api.createVerificationOTP({ body: { email, type: 'email-verification' } });

  const leadId = randomBytes(9).toString('base64url');
  const { name, company, phone, locale } = input;
  await db.transaction(async (tx) => {
    await recordLead(tx, queue, { id: leadId, type: 'trial', name: name || email, locale, email, form: { name, company, phone }, page: localizedPath('/add', locale), referrer: '', utm: {}, consent: null, createdAt: now });
    if (code === null) {
      await enqueueMail(queue, { key: `account-exists:${leadId}`, to: email, locale, template: 'account-exists', props: { name, loginUrl: env().APP_LOGIN_URL } }, { tx });
      return;
    }
    const userId = await saveUnconfirmedUser(tx, { email, name, passwordHash, now });
    await enqueueMail(
      queue,
      {
        key: `signup-code:${leadId}`,
        to: email,
        locale,
        template: 'signup-code',
        props: { name, sealedCode: sealCode(code), verifyUrl: `${env().PUBLIC_URL}${localizedPath(verifyPath(userId), locale)}`, minutes: CODE_TTL_SECONDS / 60 },
      },
      { tx },
    );
  });
}

const codeErrors: Record<string, string> = { INVALID_OTP: 'codeInvalid', USER_NOT_FOUND: 'codeInvalid', OTP_EXPIRED: 'codeExpired', TOO_MANY_ATTEMPTS: 'codeAttempts' };

/** Confirms the address with the mailed code; a wrong, used, expired or exhausted code is a 422 on `code`. */
export async function confirmUser(db: Db, input: ConfirmUser, { ip }: { ip: string }): Promise<void> {
  await rateLimit('signup-confirm-ip', ip, 30, 600);
  try {
    await authFor(db).api.verifyEmailOTP({ body: { email: input.email.toLowerCase(), otp: input.code } });
  } catch (err) {
    const key = err instanceof APIError ? codeErrors[String(err.body?.code)] : undefined;
    if (!key) throw err;
    throw new AppError('validation', 'The code is not valid.', { errors: [{ path: 'code', message: key }] });
  }
}

/**
 * The link in the code mail: confirms the user without typing the code. True when the address
 * is confirmed (now, or already: a mail scanner may have followed the link first).
 */
export async function confirmByLink(db: Db, userId: string, code: string, { ip }: { ip: string }): Promise<boolean> {
  const user = /^[\w-]{1,64}$/.test(userId) && /^\d{6}$/.test(code) ? await findUserById(db, userId) : undefined;
  if (!user) return false;
  try {
    await confirmUser(db, { email: user.email, code }, { ip });
    return true;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'validation') throw err;
    return (await findUserById(db, userId))?.emailVerified === true;
  }
}
