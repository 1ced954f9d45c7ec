import 'server-only';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword } from 'better-auth/crypto';
import { checkTraps } from '@/features/forms/schema';
import { forgetLeadsOf, holdJobs, queueFor, recordLead, sendHeldOnConfirmation } from '@/features/forms/server';
import { localizedPath, type Locale } from '@/i18n/routing';
import { AppError, isOutage } from '@/server/errors';
import { log } from '@/server/log';
import { failureLock, rateLimit } from '@/server/rate-limit';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { enqueueMail } from '@/server/mail/mail';
import { accountExists, signUpCode } from './accounts-mails';
import { queue as processQueue } from '@/server/queue';
import type { Queue } from '@/server/queue/queue';
import { ConfirmLink, type ConfirmUser, type UnconfirmedUser } from '../schema';
import {
  activateSignup,
  deleteSignupsExpiredBefore,
  deleteUnconfirmedUsers,
  ensureUnconfirmedUser,
  findSignups,
  findUserByEmail,
  findUserById,
  insertSignup,
  lockUsersWithSignupsExpiredBefore,
  newId,
} from './accounts-repository';
import type { AccountSignup } from './auth-tables';
import { CODE_ATTEMPTS, CODE_TTL_SECONDS, codeMatches, hashCode, newCode } from './signup-code';
import { sealCode } from './sealed-code';

/**
 * Every accepted sign-up is answered no sooner than this after it arrived, whatever the address:
 * a new address writes a user, a sign-up and a code, a confirmed one only a lead and a mail, and
 * the few milliseconds between them would tell which addresses have an account.
 */
export const SIGNUP_ANSWER_MS = 400;

/** An expired sign-up is kept this long (its code answers "expired", not "invalid"), then dropped. */
const EXPIRED_KEPT_MS = 24 * 3600 * 1000;

/**
 * The privacy policy's "unconfirmed sign-ups are removed": sign-ups a day past their code's expiry,
 * with their password hashes, then the addresses those sign-ups leave with nothing to confirm them,
 * and the trial leads of those addresses. In one transaction, so no address is left behind without
 * its sign-ups. Answers how many addresses were removed.
 */
export async function removeUnconfirmedSignUps(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EXPIRED_KEPT_MS);
  return db.transaction(async (tx) => {
    const users = await lockUsersWithSignupsExpiredBefore(tx, before);
    await deleteSignupsExpiredBefore(tx, before);
    const emails = await deleteUnconfirmedUsers(tx, users);
    await forgetLeadsOf(tx, 'trial', emails);
    return emails.length;
  });
}

/** The page the link in the code mail opens (it confirms with a button, not by being opened). */
export const verifyPath = (userId: string) => `/user/${encodeURIComponent(userId)}/email/actions/verifyemail`;

/**
 * Registers a sign-up and mails its code. The trial lead, the sign-up (with the password it chose)
 * and the mail are written in one transaction. An address that already has an account gets the
 * same answer, in the same time, and its owner a mail saying so instead of a code: nobody learns
 * which addresses exist. A honeypot hit (see checkTraps) gets the same answer too, and nothing is
 * kept. A sign-up sent too soon still gets its code (without it a person whose browser filled the
 * form could not go on, and a bot cannot use it): only its trial lead is marked as suspected spam,
 * and its notification to sales and CRM delivery wait until staff release it (decision 030).
 */
export async function registerUnconfirmedUser(
  db: Db,
  queue: Queue,
  input: UnconfirmedUser,
  { ip, now = new Date() }: { ip: string; now?: Date },
): Promise<void> {
  const started = performance.now();
  const trap = checkTraps(input.traps);
  if (trap === 'honeypot') return answerAfter(started);
  const spam = trap;
  const email = input.email.toLowerCase();
  await rateLimit('signup-ip', ip, 10, 3600);
  await rateLimit('signup-email', email, 3, 3600);

  const passwordHash = await hashPassword(input.password);
  const confirmed = (await findUserByEmail(db, email))?.emailVerified === true;
  let code = newCode();
  const leadId = randomBytes(9).toString('base64url');
  const { name, company, phone, locale } = input;
  // Sales hear of a trial once its address is confirmed (or when it has an account already): until
  // then the notification and the CRM delivery wait with the lead (confirmSignup sends them).
  const lead = queueFor(queue, spam ?? (confirmed ? null : 'unconfirmed'));
  await db.transaction(async (tx) => {
    await recordLead(tx, lead.queue, {
      id: leadId,
      type: 'trial',
      name: name || email,
      locale,
      email,
      form: { name, email, company, phone },
      page: localizedPath('/add', locale),
      referrer: '',
      utm: {},
      consent: null,
      createdAt: now,
      spam,
    });
    await holdJobs(tx, leadId, lead.held);
    const mailAccountExists = () =>
      enqueueMail(
        queue,
        { key: `account-exists:${leadId}`, to: email, locale, template: accountExists, props: { name, loginUrl: env().APP_LOGIN_URL } },
        { tx },
      );
    if (confirmed) return mailAccountExists();
    // Earlier sign-ups of the address keep their own code and password: this one adds its own.
    const userId = await ensureUnconfirmedUser(tx, { email, name, now });
    // Confirmed between the check above and this transaction: the same answer as a confirmed one.
    if (!userId) return mailAccountExists();
    // Never the code of another sign-up of the address: a code names one sign-up only.
    const others = await findSignups(tx, userId);
    while (others.some((s) => codeMatches(code, s.codeHash))) code = newCode();
    const signupId = newId();
    await insertSignup(tx, {
      id: signupId,
      userId,
      name,
      passwordHash,
      codeHash: hashCode(code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
    const verifyUrl = `${env().PUBLIC_URL}${localizedPath(verifyPath(userId), locale)}?signup=${signupId}`;
    await enqueueMail(
      queue,
      {
        key: `signup-code:${leadId}`,
        to: email,
        locale,
        template: signUpCode,
        props: { name, sealedCode: sealCode(code), verifyUrl, minutes: CODE_TTL_SECONDS / 60 },
      },
      { tx },
    );
  });
  // A new code on its way to this client: its wrong tries on the address count afresh.
  await wrongCodes.reset(clientKey(email, ip));
  await answerAfter(started);
}

async function answerAfter(started: number): Promise<void> {
  const left = SIGNUP_ANSWER_MS - (performance.now() - started);
  if (left > 0) await sleep(left);
}

type CodeError = 'codeInvalid' | 'codeExpired' | 'codeAttempts';
const codeError = (key: CodeError) => new AppError('validation', 'The code is not valid.', { errors: [{ path: 'code', message: key }] });

/**
 * Wrong codes are counted per address and client, for a code's lifetime: five from one client
 * stop that client's tries on that address (a stranger cannot spend the owner's code), and a new
 * code mailed to that client starts its count again. Many clients together stop at fifty an
 * address. Unknown, confirmed and pending addresses count and answer alike: no answer tells them apart.
 */
const wrongCodes = failureLock('signup-code-wrong', CODE_ATTEMPTS, CODE_TTL_SECONDS);
const wrongCodesOfAddress = failureLock('signup-code-wrong-address', 10 * CODE_ATTEMPTS, CODE_TTL_SECONDS);
const clientKey = (email: string, ip: string) => `${email}|${ip}`;

/**
 * Checks a code against sign-ups of one address (none for an unknown or confirmed one) and
 * confirms the one it belongs to, with that sign-up's password.
 */
async function confirmSignup(db: Db, email: string, signups: AccountSignup[], code: string, { ip, now }: { ip: string; now: Date }) {
  if ((await wrongCodes.lockedFor(clientKey(email, ip))) || (await wrongCodesOfAddress.lockedFor(email))) throw codeError('codeAttempts');
  // Sign-ups of one address never share a code (see registerUnconfirmedUser).
  const match = signups.find((s) => codeMatches(code, s.codeHash));
  if (match) {
    // Only the holder of the code learns it expired.
    if (match.expiresAt <= now) throw codeError('codeExpired');
    const confirmed = await db.transaction(async (tx) => {
      if (!(await activateSignup(tx, match.id, now))) return false;
      await sendHeldOnConfirmation(tx, await processQueue(), 'trial', email);
      return true;
    });
    if (confirmed) return;
  }
  await wrongCodes.failed(clientKey(email, ip));
  await wrongCodesOfAddress.failed(email);
  throw codeError('codeInvalid');
}

/** Confirms the address with a mailed code; a wrong, used, expired or exhausted code is a 422 on `code`. */
export async function confirmUser(db: Db, input: ConfirmUser, { ip, now = new Date() }: { ip: string; now?: Date }): Promise<void> {
  await rateLimit('signup-confirm-ip', ip, 30, 600);
  const email = input.email.toLowerCase();
  const user = await findUserByEmail(db, email);
  await confirmSignup(db, email, user && !user.emailVerified ? await findSignups(db, user.id) : [], input.code, { ip, now });
}

export type LinkOutcome = 'confirmed' | 'alreadyConfirmed' | 'failed';

/**
 * The button of the page the mail links to: confirms the sign-up the link names, with its own code
 * and password. An address already confirmed says so (the visitor may have typed the code first).
 */
export async function confirmByLink(db: Db, input: unknown, { ip, now = new Date() }: { ip: string; now?: Date }): Promise<LinkOutcome> {
  const parsed = ConfirmLink.safeParse(input);
  if (!parsed.success) return 'failed';
  const link = parsed.data;
  const user = await findUserById(db, link.userId);
  if (!user) return 'failed';
  if (user.emailVerified) return 'alreadyConfirmed';
  await rateLimit('signup-confirm-ip', ip, 30, 600);
  const signup = (await findSignups(db, user.id)).filter((s) => s.id === link.signupId);
  try {
    await confirmSignup(db, user.email, signup, link.code, { ip, now });
    return 'confirmed';
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'validation') throw err;
    return (await findUserById(db, user.id))?.emailVerified ? 'alreadyConfirmed' : 'failed';
  }
}

/**
 * Where the link page's button leads: confirmed (or already), a link that cannot confirm, or
 * `retry` when it could not be checked now (rate limited, the database down): the code still
 * works, and the visitor is asked to press again later rather than to get a new code.
 */
export async function pressLinkButton(
  db: () => Promise<Db>,
  input: unknown,
  options: { ip: string; now?: Date },
): Promise<'confirmed' | 'failed' | 'retry'> {
  try {
    return (await confirmByLink(await db(), input, options)) === 'failed' ? 'failed' : 'confirmed';
  } catch (err) {
    if (isOutage(err) || (err instanceof AppError && err.code === 'rate_limited')) {
      // Logged: the visitor is only asked to press again, and an outage must still show somewhere.
      if (isOutage(err)) log().warn({ err }, 'a confirmation link could not be checked now');
      return 'retry';
    }
    throw err;
  }
}

/** Where the button sends the visitor: the result page, or back to the link's page to press again. */
export function linkButtonTarget(
  outcome: 'confirmed' | 'failed' | 'retry',
  link: { userId: string; signupId: string; code: string },
  locale: Locale,
): string {
  if (outcome !== 'retry') return localizedPath(outcome === 'confirmed' ? '/verifysuccess' : '/verifyerror', locale);
  return `${localizedPath(verifyPath(link.userId), locale)}?${new URLSearchParams({ signup: link.signupId, code: link.code, retry: '1' })}`;
}
