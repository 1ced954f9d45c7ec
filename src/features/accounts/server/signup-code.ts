import 'server-only';
import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { authSecret } from '@/server/env';
import { CODE_LENGTH } from '../schema';

// A 6-digit code has a million values: a plain SHA-256 of it is reversed by trying them all. Keyed
// with a secret derived from AUTH_SECRET, a leaked table alone gives no code.

/** A code is valid this long, and for this many wrong tries; then a new one is needed. */
export const CODE_TTL_SECONDS = 600;
export const CODE_ATTEMPTS = 5;

const key = () => createHash('sha256').update(`signup-code-hmac:${authSecret()}`).digest();

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export function hashCode(code: string): string {
  return createHmac('sha256', key()).update(code).digest('base64url');
}

export function codeMatches(code: string, stored: string): boolean {
  const a = Buffer.from(hashCode(code));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
