// Every response `npm start` sends leaves through here, whatever produced it (a page, the API,
// a redirect of next.config, an error Next raised before its own handling):
// - the security headers, and a content security policy (the strict one of data answers when
//   nothing set one);
// - HTML pages with the hashes of their inline scripts in their policy, so no page needs
//   'unsafe-inline' (decision 026). Next would compress the page before it could be read, so for
//   page requests Next is asked for the plain body, and the body is compressed here, once per
//   distinct body (a prerendered page is the same bytes for every visitor);
// - the validator of those bodies (`ETag`, and 304 for a copy that is still current), from the
//   digest the body is cached by. Next's own (`generateEtags`, off in next.config.ts) hashed each
//   page's text in JavaScript on every request: a quarter of the server's time on a page;
// - pages that ask for their scripts after their first paint (scripts-after-paint.mjs, decision 042).
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { AFTER_PAINT_VERSION, scriptsAfterPaint } from './scripts-after-paint.mjs';
import { allowConnections, allowScripts, apiCsp, baseSecurityHeaders, inlineScriptHashes } from './security-headers.mjs';
import { ifNoneMatches } from './if-none-match.mjs';
import { pickEncoding } from './static-assets.mjs';

/** The API's addresses (as scripts/start.mjs routes them). */
export const API_PATH = /^\/rest(\/|\?|$)/;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|problem\+json)|image\/svg\+xml)/i;
/** Below this, a compressed body is hardly smaller, and costs more than it saves (the API's too). */
export const MIN_COMPRESS_BYTES = 1024;
const CACHE_BYTES = 32 * 1024 * 1024;
const CACHE_ENTRIES = 2000;

/**
 * An address whose percent-escapes do not decode ("/%", "/rest/jobs/%zz"): Next would answer a
 * plain 500.
 * @param {string} url
 */
export function malformedPath(url) {
  try {
    decodeURIComponent(url.split('?')[0] ?? '');
    return false;
  } catch {
    return true;
  }
}

/** @param {import('node:http').ServerResponse} res */
function setBaseHeaders(res) {
  for (const { key, value } of baseSecurityHeaders) res.setHeader(key, value);
}

/**
 * What is worked out from a body, kept by its content: a page sent a thousand times is scanned
 * for its scripts and compressed once. Least recently used first out, up to CACHE_ENTRIES bodies
 * and CACHE_BYTES of compressed bytes (pages that differ per request come and go).
 */
function bodyCache() {
  /** @type {Map<string, { scripts?: { sources: string[], unknown: number }, br?: Buffer, gzip?: Buffer }>} */
  const entries = new Map();
  let bytes = 0;
  const trim = () => {
    for (const [key, entry] of entries) {
      if (bytes <= CACHE_BYTES && entries.size <= CACHE_ENTRIES) break;
      entries.delete(key);
      bytes -= (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
    }
  };
  return (/** @type {Buffer} */ body, /** @type {boolean} */ html) => {
    // A page is kept apart from the same bytes sent as they are (a range of it, say).
    const key = createHash('sha256').update(body).digest('base64') + (html ? '' : ' as is');
    const entry = entries.get(key) ?? {};
    entries.delete(key);
    entries.set(key, entry);
    trim();
    // What is sent: a page asks for its scripts after its first paint (scripts-after-paint.mjs).
    // Made at most once per request, and only when it is needed (its hashes not yet known, a
    // compression not yet made, or sent uncompressed), rather than kept beside the compressed bytes.
    /** @type {Buffer | undefined} */
    let sent;
    const page = () => (sent ??= html ? Buffer.from(scriptsAfterPaint(body.toString('utf8'))) : body);
    return {
      // Weak: the same content is sent with either encoding or none. A page's also names the
      // rewrite, so a copy made by an earlier version of it is not kept current by a 304.
      etag: `W/"${html ? key.slice(0, 22) + AFTER_PAINT_VERSION : key.slice(0, 27)}"`,
      page,
      scripts: () => (entry.scripts ??= inlineScriptHashes(page().toString('utf8'))),
      compressed: (/** @type {'br' | 'gzip'} */ encoding) => {
        if (!entry[encoding]) {
          const plain = page();
          entry[encoding] =
            encoding === 'br'
              ? brotliCompressSync(plain, {
                  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
                })
              : gzipSync(plain, { level: 6 });
          bytes += entry[encoding].length;
          trim();
        }
        return entry[encoding];
      },
    };
  };
}

/**
 * @param {{ sent?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, status: number, body: Buffer) => void, connectSources?: string[] }} [options]
 *   `sent`: told of each page body it sends whole, with its final headers (front-cache.mjs keeps some);
 *   `connectSources`: origins a page's scripts may send to besides the site (the CVs' bucket)
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 *   prepares a request and its response; call it before anything else writes to the response.
 */
export function responseGuard({ sent, connectSources = [] } = {}) {
  const known = bodyCache();

  return (req, res) => {
    setBaseHeaders(res);
    // The API's answers are data: the strict policy, set once, which a route sending a page of its
    // own (a job's description) replaces with its own. Its 304s keep it, as it is the policy of
    // the answer the client kept; nothing else below concerns the API.
    if (API_PATH.test(req.url ?? '')) {
      res.setHeader('Content-Security-Policy', apiCsp);
      return;
    }
    const writeHead = res.writeHead;
    // Headers given to writeHead() directly are not visible to hasHeader(): look at both.
    const hasCsp = (/** @type {unknown[]} */ args) =>
      res.hasHeader('content-security-policy') ||
      args.some(
        (a) =>
          a &&
          typeof a === 'object' &&
          (Array.isArray(a)
            ? a.some((h, i) => i % 2 === 0 && String(h).toLowerCase() === 'content-security-policy')
            : Object.keys(a).some((k) => k.toLowerCase() === 'content-security-policy')),
      );
    res.writeHead = function (...args) {
      // A 304 updates the headers the browser keeps with its copy of the page: a policy here would
      // replace the one holding that page's script hashes. It leaves with none.
      if (args[0] === 304) this.removeHeader('Content-Security-Policy');
      else if (!hasCsp(args.slice(1))) this.setHeader('Content-Security-Policy', apiCsp);
      return writeHead.apply(this, /** @type {any} */ (args));
    };

    // Page requests: every GET but the build's files (compressed once, static-assets.mjs), the
    // office's and Next's own data requests (RSC), which Next compresses.
    const url = req.url ?? '';
    // The office's pages carry a nonce of their own in their policy (src/proxy.ts) and are never the same twice.
    if (req.method !== 'GET' || /^\/(_next\/static|office)(\/|\?|$)/.test(url) || req.headers.rsc) return;
    const encoding = pickEncoding(String(req.headers['accept-encoding'] ?? ''));
    delete req.headers['accept-encoding'];
    const ifNoneMatch = req.headers['if-none-match'];
    bufferBody(res, (status, body) => {
      const type = String(res.getHeader('content-type') ?? '');
      const html = /^text\/html/i.test(type);
      const compressible = COMPRESSIBLE.test(type);
      let out = body;
      if (html || compressible) {
        const cached = known(body, html && status !== 206);
        if (status === 200 && !res.hasHeader('etag')) {
          res.setHeader('ETag', cached.etag);
          if (ifNoneMatch && ifNoneMatches(ifNoneMatch, cached.etag)) return null;
        }
        if (html) allowPageScripts(res, cached.scripts(), connectSources, url);
        if (encoding && body.length >= MIN_COMPRESS_BYTES && !res.hasHeader('content-encoding') && status !== 206) {
          out = cached.compressed(encoding);
          res.setHeader('Content-Encoding', encoding);
        } else if (!res.hasHeader('content-encoding')) out = cached.page();
        res.setHeader('Vary', mergeVary(res.getHeader('vary'), 'Accept-Encoding'));
      }
      if (status !== 204 && status !== 304) {
        res.removeHeader('Transfer-Encoding');
        res.setHeader('Content-Length', out.length);
      }
      try {
        sent?.(req, res, status, out);
      } catch (err) {
        console.error(err); // not kept, still sent
      }
      return out;
    });
  };
}

/**
 * Adds the page's known inline scripts, and the origins it may send to, to its policy. Others are refused by the browser: an
 * injection, or a new kind of script Next or React started to write (then security-headers.mjs
 * needs its shape); the log says so.
 * @param {import('node:http').ServerResponse} res
 * @param {{ sources: string[], unknown: number }} scripts
 * @param {string[]} connectSources
 * @param {string} url
 */
function allowPageScripts(res, { sources, unknown }, connectSources, url) {
  const csp = res.getHeader('content-security-policy');
  if (typeof csp === 'string') res.setHeader('Content-Security-Policy', allowConnections(allowScripts(csp, sources), connectSources));
  if (unknown > 0) {
    const line = {
      level: 40,
      time: Date.now(),
      service: 'site',
      path: url.split('?')[0],
      scripts: unknown,
      msg: 'inline script of no known shape: not allowed',
    };
    console.log(JSON.stringify(line));
  }
}

/** The Vary header's value with `name` in it once. @param {unknown} vary @param {string} name */
export function mergeVary(vary, name) {
  const list = String(vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list.some((v) => v.toLowerCase() === name.toLowerCase() || v === '*') ? list.join(', ') : [...list, name].join(', ');
}

/**
 * Holds the response's head and body until it ends, then sends `finish(status, body)`'s bytes
 * with the head, or a 304 without a body when it returns null (the client's copy is current).
 * Pages here are tens of kilobytes and are read whole by the browser anyway.
 * @param {import('node:http').ServerResponse} res
 * @param {(status: number, body: Buffer) => Buffer | null} finish
 */
function bufferBody(res, finish) {
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  /** @type {Buffer[]} */
  const chunks = [];
  /** @type {[number, ...unknown[]] | null} */
  let head = null;
  const toBuffer = (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(/** @type {any} */ (chunk), typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8');

  res.writeHead = function (status, ...rest) {
    // Headers given here become ordinary headers, so that the policy and length can be set later.
    const headers = rest.find((r) => r && typeof r === 'object');
    // A flat [name, value, …] list may repeat a name (cookies): each value is kept.
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) this.appendHeader(String(headers[i]), headers[i + 1]);
    else if (headers) for (const [k, v] of Object.entries(headers)) this.setHeader(k, /** @type {any} */ (v));
    const reason = rest.find((r) => typeof r === 'string');
    head = [status, ...(reason ? [reason] : [])];
    this.statusCode = status;
    return this;
  };
  res.flushHeaders = () => {};
  res.write = function (chunk, encoding, callback) {
    if (chunk != null && chunk.length !== 0) chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
  res.end = function (chunk, encoding, callback) {
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    else if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (chunk != null && chunk.length !== 0) chunks.push(toBuffer(chunk, encoding));
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
    const status = head ? head[0] : this.statusCode;
    const body = finish(status, Buffer.concat(chunks));
    if (body === null) {
      for (const name of ['content-length', 'content-type', 'content-encoding', 'transfer-encoding']) this.removeHeader(name);
      this.writeHead(304);
      return end.call(this, callback);
    }
    this.writeHead(.../** @type {[number, ...any[]]} */ (head ?? [status]));
    return end.call(this, body, callback);
  };
}
