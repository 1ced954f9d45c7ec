// Whole page answers kept in memory for a few seconds, in front of Next (decision 045). Next's
// router, its request adapters and the locale proxy cost a page request some three times what the
// page itself does (decision 039); a page Next took from its own cache is the same bytes for the
// next visitor who asks the same way, so the next one is answered from here.
//
// What an answer depends on, besides its address, is in its key: the encoding (the response
// guard compresses), the language cookie, Accept-Language and Sec-Fetch-Dest (the proxy's
// redirects and cookie), the host as sent and as forwarded (the proxy's `Link` header of the
// page's other languages). A request whose language cookie Next could read otherwise than here
// (sent twice, or escaped) goes to Next.
// Kept: a 200 HTML page Next answered from a lookup of its cache made by this very request
// (page-changes.mjs), fresh in that cache, public (s-maxage), setting no cookie but the language's
// (the same for every request of its key), with no mark of a cached page since the request came
// in. Dropped: at the next mark of any cached page, after TTL_MS, or oldest first past the size
// bounds. Never kept: the API, Next's files and data requests, the office, other methods than GET,
// and ranges. A job page's visit, which the proxy counts when Next answers, is counted here too
// (`visited`).
import { ifNoneMatches } from './if-none-match.mjs';
import { pageChanges, watchLookups } from './page-changes.mjs';
import { requestIdOf } from './request-id.mjs';
import { pickEncoding } from './static-assets.mjs';

export const TTL_MS = 10_000;
const MAX_ENTRIES = 300;
const MAX_BYTES = 8 * 1024 * 1024;

const NOT_PAGES = /^\/(rest|_next|office)(\/|\?|$)/;
// What next-intl's proxy reads of a request, besides its address and the language cookie.
const READ_BY_THE_PROXY = ['accept-language', 'sec-fetch-dest', 'host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];
// Sent once per answer, not kept: the request id (request-id.mjs, as the proxy sets it).
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
// A 304 leaves without these, as the response guard sends it.
const NOT_IN_304 = new Set(['content-length', 'content-type', 'content-encoding', 'content-security-policy']);
const PENDING = Symbol('front-cache.pending');

/**
 * @typedef {{ head: string[], head304: string[], body: Buffer, etag: string, change: number, until: number }} Entry
 * @typedef {import('node:http').IncomingMessage & { [PENDING]?: { key: string, change: number, seen?: { lookups: number } } }} Req
 */

/**
 * @param {{ localeCookie: string, visited?: (path: string, headers: import('node:http').IncomingHttpHeaders) => void, now?: () => number }} options
 *   `localeCookie`: the name of the language cookie; `visited`: told of each page answered from
 *   here, as the proxy is of each page Next answers
 */
export function frontCache({ localeCookie, visited = () => {}, now = Date.now }) {
  if (!/^[\w-]+$/.test(localeCookie)) throw new Error(`Not a cookie name: ${localeCookie}`);
  const localeCookies = new RegExp(`(?:^|;)\\s*${localeCookie}=([^;]*)`, 'g');
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  let bytes = 0;
  const drop = (/** @type {string} */ key) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  /** @param {Req} req */
  function keyOf(req) {
    const url = req.url ?? '/';
    if (req.method !== 'GET' || NOT_PAGES.test(url)) return null;
    const h = req.headers;
    if (h.rsc !== undefined || h.range !== undefined || h.authorization !== undefined) return null;
    // Next's router and data requests (next-router-*, next-url, next-action…).
    for (const name in h) if (name.startsWith('next-') || name.startsWith('x-nextjs') || name === 'x-middleware-prefetch') return null;
    const cookies = h.cookie ? [...h.cookie.matchAll(localeCookies)] : [];
    const cookie = cookies[0]?.[1] ?? '';
    if (cookies.length > 1 || !/^[\w-]*$/.test(cookie)) return null;
    let key = `${url}\n${pickEncoding(String(h['accept-encoding'] ?? ''))}\n${cookie}`;
    for (const name of READ_BY_THE_PROXY) key += `\n${h[name] ?? ''}`;
    return key;
  }

  return {
    /**
     * Answers `req` from memory and returns true; false when Next must (then call `pass`).
     * @param {Req} req @param {import('node:http').ServerResponse} res @param {boolean} closing
     */
    answer(req, res, closing) {
      let key;
      try {
        key = keyOf(req);
      } catch (err) {
        console.error(err); // Next answers it
        return false;
      }
      if (key === null) return false;
      const change = pageChanges();
      const entry = entries.get(key);
      if (!entry || entry.change !== change || now() >= entry.until) {
        drop(key);
        req[PENDING] = { key, change };
        return false;
      }
      try {
        visited((req.url ?? '/').split('?')[0] ?? '/', req.headers);
      } catch (err) {
        console.error(err); // a count lost, not the answer
      }
      const current = req.headers['if-none-match'] && ifNoneMatches(String(req.headers['if-none-match']), entry.etag);
      const head = [...(current ? entry.head304 : entry.head), 'X-Request-Id', requestIdOf(req.headers['x-request-id'])];
      if (closing) head.push('Connection', 'close');
      res.writeHead(current ? 304 : 200, head);
      res.end(current ? undefined : entry.body);
      return true;
    },

    /**
     * Next's handling of a request `answer` did not answer, watched for the lookups it makes.
     * @template T @param {Req} req @param {() => T} handle @returns {T}
     */
    pass(req, handle) {
      const pending = req[PENDING];
      if (!pending) return handle();
      const { result, seen } = watchLookups(handle);
      pending.seen = seen;
      return result;
    },

    /**
     * The answer Next gave, as it leaves (the response guard's last step): kept if it may be.
     * @param {Req} req @param {import('node:http').ServerResponse} res @param {number} status @param {Buffer} body
     */
    keep(req, res, status, body) {
      const pending = req[PENDING];
      if (!pending?.seen?.lookups || status !== 200 || pageChanges() !== pending.change) return;
      if (!/^text\/html/i.test(String(res.getHeader('content-type') ?? ''))) return;
      // The proxy's language cookie, the same for every request of this key, is sent again; any other is not.
      const cookies = res.getHeader('set-cookie');
      if (cookies !== undefined && ![cookies].flat().every((c) => String(c).startsWith('NEXT_LOCALE='))) return;
      // Served stale while Next renders it again: the next request gets the new one from Next.
      if (String(res.getHeader('x-nextjs-cache') ?? '').toUpperCase() === 'STALE') return;
      const policy = String(res.getHeader('cache-control') ?? '');
      const shared = /s-maxage=(\d+)/.exec(policy);
      const etag = res.getHeader('etag');
      if (!shared || /private|no-store|no-cache/.test(policy) || typeof etag !== 'string') return;
      const ttl = Math.min(TTL_MS, Number(shared[1]) * 1000);
      if (ttl <= 0 || body.length > MAX_BYTES / 8) return;
      /** @type {string[]} */
      const head = [];
      /** @type {string[]} */
      const head304 = [];
      for (const name of res.getRawHeaderNames()) {
        const lower = name.toLowerCase();
        if (PER_ANSWER.has(lower)) continue;
        const value = res.getHeader(lower);
        for (const v of Array.isArray(value) ? value : [value]) {
          head.push(name, String(v));
          if (!NOT_IN_304.has(lower)) head304.push(name, String(v));
        }
      }
      drop(pending.key);
      entries.set(pending.key, { head, head304, body, etag, change: pending.change, until: now() + ttl });
      bytes += body.length;
      for (const [key] of entries) {
        if (bytes <= MAX_BYTES && entries.size <= MAX_ENTRIES) break;
        drop(key);
      }
    },

    /** How many answers are held (for tests and the bench). */
    size: () => entries.size,
  };
}
