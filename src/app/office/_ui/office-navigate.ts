'use client';

/**
 * A whole new page after signing in or out: the session (and with it the member's language and
 * navigation) changed, so nothing of the previous page may stay in the router's cache.
 */
export function officeNavigate(path: `/office${string}`): void {
  window.location.replace(path);
}
