import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret } from '@/server/env';

// A subscription's link token: its id and an HMAC of it (192 bits). Nothing to store, nothing to
// guess; it opens the manage page and the one-click unsubscribe of that subscription only.

function mac(id: string): string {
  return createHmac('sha256', authSecret()).update(`alert-subscription:${id}`).digest('base64url').slice(0, 32);
}

export function subscriptionToken(id: string): string {
  return `${id}.${mac(id)}`;
}

/** The subscription id of a token, or null when the token is not ours. */
export function subscriptionIdOf(token: string): string | null {
  const [id = '', signature = ''] = token.split('.');
  if (!/^[\w-]{8,64}$/.test(id)) return null;
  const expected = mac(id);
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? id : null;
}
