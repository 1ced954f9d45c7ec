import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

// The office's one-use links (an invitation, the enrolment after a reset): only the hash of
// the token is stored, and a link works for 48 hours.

/** How long an office link works. */
export const LINK_HOURS = 48;

/** A new link's token (the part of the address after `#`), its stored hash and its end. */
export function newLink(): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token), expiresAt: new Date(Date.now() + LINK_HOURS * 3600_000) };
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
