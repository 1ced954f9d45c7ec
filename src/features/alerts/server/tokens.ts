import 'server-only';
import { idOfToken, signedToken } from '@/server/signed-token';

// A subscription's link token opens the manage page and the one-click unsubscribe of that
// subscription only.

export const subscriptionToken = (id: string): string => signedToken('alert-subscription', id);

/** The subscription id of a token, or null when the token is not ours. */
export const subscriptionIdOf = (token: string): string | null => idOfToken('alert-subscription', token);
