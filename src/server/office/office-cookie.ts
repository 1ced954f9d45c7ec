/**
 * The prefix of the office's Better Auth cookies (`office.session_token`, `__Secure-` before it on
 * https). Apart from auth.ts so the proxy can look for the session cookie without loading Better
 * Auth or the database.
 */
export const OFFICE_COOKIE_PREFIX = 'office';
