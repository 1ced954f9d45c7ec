import 'server-only';
import { failureLock } from '../rate-limit';

/**
 * Five wrong passwords or codes for a member from one client address within 15 minutes lock that
 * address out of that account for the rest of them: a stranger elsewhere cannot lock the member out.
 */
export const signInLock = failureLock('office-sign-in-fail', 5, 15 * 60);
export const lockKey = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;
