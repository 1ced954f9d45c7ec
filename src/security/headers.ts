// What the pages add to the security headers of scripts/lib/security-headers.mjs: a course's
// external form, and the bucket CVs are sent to.

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

/** Where the browser PUTs CVs when they go straight to an S3 bucket (nothing with local storage). */
export function uploadOrigins(s3: { bucket?: string; endpoint?: string; region?: string }): string[] {
  if (!s3.bucket) return [];
  if (s3.endpoint) return [new URL(s3.endpoint).origin];
  return [`https://${s3.bucket}.s3.${s3.region || 'us-east-1'}.amazonaws.com`];
}
