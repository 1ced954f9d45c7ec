// What a page adds to the security headers of src/security/policy.ts: a course's
// external form.

/**
 * The policy a course's registration page adds for its external form: only that form's origin
 * may be framed. The page's header (next.config) allows any https: origin, because the form is
 * chosen per course in the database and neither next.config nor the proxy reads the database;
 * the page, rendered per request, adds this policy as a <meta> and the browser enforces both, so
 * the narrower one wins. Null for anything but an https address (the page then redirects).
 */
export function externalFormCsp(url: string | null | undefined): string | null {
  if (!url?.startsWith('https://')) return null;
  try {
    return `frame-src ${new URL(url).origin}`;
  } catch {
    return null;
  }
}
