import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from './env';

// A link's token: a record's id and an HMAC of it for one purpose (192 bits). Nothing to store,
// nothing to guess; a token made for one purpose opens nothing else.

function mac(purpose: string, id: string): string {
  return createHmac('sha256', authSecret()).update(`${purpose}:${id}`).digest('base64url').slice(0, 32);
}

export function signedToken(purpose: string, id: string): string {
  return `${id}.${mac(purpose, id)}`;
}

/** The id of a token made for this purpose, or null when the token is not ours. */
export function idOfToken(purpose: string, token: string): string | null {
  const [id = '', signature = ''] = token.split('.');
  // Both checked as ASCII first: timingSafeEqual compares bytes, and throws on a length mismatch.
  if (!/^[\w-]{8,64}$/.test(id) || !/^[\w-]{32}$/.test(signature)) return null;
  const expected = mac(purpose, id);
  return timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? id : null;
}
