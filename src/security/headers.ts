// Security headers, shared by next.config (every response) and the API.

/**
 * The content security policy of prerendered pages. They hold no visitor or stored content, and
 * a per-request nonce would make every page dynamic (see docs/decisions/005), so scripts are
 * limited to our origin plus Next's inline bootstrap; everything else is strict.
 */
export function pageCsp({
  dev = false,
  frameSources = [],
  connectSources = [],
}: { dev?: boolean; frameSources?: string[]; connectSources?: string[] } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connectSources, ...(dev ? ['ws:'] : [])].join(' ')}`,
    `frame-src ${frameSources.length ? frameSources.join(' ') : "'none'"}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

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

/** API answers are data, never documents. */
export const apiCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export const baseSecurityHeaders: { key: string; value: string }[] = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
];
