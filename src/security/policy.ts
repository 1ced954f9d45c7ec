// The security headers of every response and the pages' content security policy: read by
// next.config.ts (the dev server, and the policy each page route starts from) and by the web
// server (src/server/http), which makes sure every response leaves with them, whatever produced it.
// Run by Node as it is (no bundler): its imports name their files.
import { createHash } from 'node:crypto';
import { isLocalePickerScript } from '../i18n/locale-picker-script.ts';
import { AFTER_PAINT_LOADER } from '../server/http/scripts-after-paint.ts';

export const baseSecurityHeaders: { key: string; value: string }[] = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
];

/** API answers, redirects and errors are data, never documents. */
export const apiCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The policy of the pages. Scripts come from our origin; the inline ones Next writes into each
 * page are allowed by their hashes, which the web server adds to each HTML response (decision 026).
 * The dev server alone needs 'unsafe-inline', eval and a websocket for hot reload.
 */
export function pageCsp({
  dev = false,
  frameSources = [],
  connectSources = [],
}: { dev?: boolean; frameSources?: string[]; connectSources?: string[] } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self'${dev ? " 'unsafe-inline' 'unsafe-eval'" : ''}`,
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

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const NOT_JAVASCRIPT = /\btype\s*=\s*["']?(?!(?:text|application)\/(?:java|ecma)script|module)[^"'\s>]/i;

/** A JSON string literal, whole: nothing can follow its closing quote but what the pattern says. */
const JSON_STRING = '"(?:[^"\\\\\\n]|\\\\.)*"';
/**
 * The inline scripts the site's pages carry, by their exact shape: Next's bootstrap and its
 * server-component payload (data in one JSON string), Turbopack's list of the page's chunks, the
 * loader of the page's scripts after its first paint, and the locale picker of the pages outside
 * any locale. Only these are allowed: a script that reached
 * the HTML some other way (an injection through stored HTML) is not hashed, so the browser refuses it.
 */
const KNOWN = [
  /^\(self\.__next_f=self\.__next_f\|\|\[\]\)\.push\(\[\d+\]\)$/,
  new RegExp(`^self\\.__next_f\\.push\\(\\[\\d+(?:,${JSON_STRING}|,null)?\\]\\)$`),
];
const TURBOPACK_HEAD = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(';

function isTurbopackChunks(code: string): boolean {
  if (!code.startsWith(TURBOPACK_HEAD) || !code.endsWith(');')) return false;
  try {
    const list = JSON.parse(code.slice(TURBOPACK_HEAD.length, -2)) as { otherChunks?: unknown[]; runtimeModuleIds?: unknown[] };
    return (
      Object.keys(list).every((k) => k === 'otherChunks' || k === 'runtimeModuleIds') &&
      (list.otherChunks ?? []).every((c) => typeof c === 'string' && /^static\/chunks\/[\w.-]+\.js$/.test(c)) &&
      (list.runtimeModuleIds ?? []).every((id) => Number.isInteger(id))
    );
  } catch {
    return false;
  }
}

/**
 * The inline scripts of a page: the CSP sources ('sha256-…') of the known ones, each once, and how
 * many others there were. Scripts with a src and data blocks (JSON-LD) are not inline code.
 */
export function inlineScriptHashes(html: string): { sources: string[]; unknown: number } {
  const hashes = new Set<string>();
  let unknown = 0;
  for (const [, attributes = '', code = ''] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`) || NOT_JAVASCRIPT.test(attributes)) continue;
    if (
      !KNOWN.some((shape) => shape.test(code)) &&
      !isTurbopackChunks(code) &&
      !isLocalePickerScript(code) &&
      code !== AFTER_PAINT_LOADER
    ) {
      unknown++;
      continue;
    }
    hashes.add(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return { sources: [...hashes], unknown };
}

/** The policy with these sources added to one of its directives. */
function addSources(csp: string, directive: string, sources: string[]): string {
  if (sources.length === 0) return csp;
  return csp.replace(
    new RegExp(`(^|;\\s*)${directive}(?=[\\s;]|$)([^;]*)`),
    (_, start, list) => `${start}${directive}${list} ${sources.join(' ')}`,
  );
}

/** The policy with these sources added to its script-src. */
export const allowScripts = (csp: string, sources: string[]) => addSources(csp, 'script-src', sources);

/**
 * The policy with these origins added to its connect-src: the bucket CVs go to, which is the
 * running server's configuration, not the build's (one build serves any storage).
 */
export const allowConnections = (csp: string, origins: string[]) => addSources(csp, 'connect-src', origins);

/** Where the browser PUTs CVs when they go straight to an S3 bucket (nothing with local storage). */
export function uploadOrigins(s3: { bucket?: string; endpoint?: string; region?: string }): string[] {
  if (!s3.bucket) return [];
  if (s3.endpoint) return [new URL(s3.endpoint).origin];
  return [`https://${s3.bucket}.s3.${s3.region || 'us-east-1'}.amazonaws.com`];
}
