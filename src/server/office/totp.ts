import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Db, DbOrTx } from '../db';
import { staffTotpStep, staffTwoFactor } from './staff-tables';

// RFC 6238 as authenticator apps and Better Auth's two-factor plugin use it: SHA-1, 6 digits, a
// step of 30 seconds, and the step before and after accepted for a clock that drifts.
const STEP_MS = 30_000;
const WINDOW = 1;
function codeOf(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The time step whose code this is, within the window around `now`; undefined when none is. The
 * key is the secret's bytes as Better Auth keeps it (the app's base32 secret encodes them).
 */
function stepOfCode(key: Buffer, code: string, now = Date.now()): number | undefined {
  const current = Math.floor(now / STEP_MS);
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(codeOf(key, step)), Buffer.from(code.padEnd(6).slice(0, 6)))) return step;
  }
  return undefined;
}

/**
 * Takes an authenticator code of a member once: true when it is valid now and of a later step
 * than any code they used before, and the step is then theirs (one conditional write, so two
 * requests with the same code cannot both pass). `secretKey` is the office's Better Auth secret,
 * which encrypts the stored authenticator secret.
 */
export async function claimTotpCode(db: Db, userId: string, code: string, secretKey: string): Promise<boolean> {
  const [row] = await db.select({ secret: staffTwoFactor.secret }).from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
  if (!row) return false;
  const step = stepOfCode(Buffer.from(await symmetricDecrypt({ key: secretKey, data: row.secret })), code);
  if (step === undefined) return false;
  const claimed = await db
    .insert(staffTotpStep)
    .values({ userId, step })
    .onConflictDoUpdate({ target: staffTotpStep.userId, set: { step }, setWhere: lt(staffTotpStep.step, step) })
    .returning({ step: staffTotpStep.step });
  return claimed.length === 1;
}

/** Forgets a member's last step (their authenticator was reset: a new secret starts afresh). */
export async function forgetTotpStep(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(staffTotpStep).where(eq(staffTotpStep.userId, userId));
}
