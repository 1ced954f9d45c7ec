// Every response the web server sends leaves through here, whatever produced it (a page, the API,
// a redirect of next.config, an error Next raised before its own handling):
// - the security headers, and a content security policy (the strict one of data answers when
//   nothing set one);
// - HTML pages with the hashes of their inline scripts in their policy, so no page needs
//   'unsafe-inline' (decision 026). Next would compress the page before it could be read, so for
//   page requests Next is asked for the plain body, and the body is compressed here, once per
//   distinct body (a prerendered page is the same bytes for every visitor); the rest (the API,
//   the build's files, Next's data requests) Next compresses itself (`compress`);
// - the validator of those bodies (`ETag`, and 304 for a copy that is still current), from the
//   digest the body is cached by (decision 039);
// - pages that ask for their scripts after their first paint (scripts-after-paint.ts, decision 042).
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { allowConnections, allowScripts, apiCsp, baseSecurityHeaders, inlineScriptHashes } from '../../security/policy.ts';
import { ifNoneMatches } from '../api/if-none-match.ts';
import { AFTER_PAINT_VERSION, scriptsAfterPaint } from './scripts-after-paint.ts';

type Encoding = 'br' | 'gzip';

/** The API's addresses. */
export const API_PATH = /^\/rest(\/|\?|$)/;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|problem\+json)|image\/svg\+xml)/i;
/** Below this, a compressed body is hardly smaller, and costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;
const CACHE_BYTES = 32 * 1024 * 1024;
const CACHE_ENTRIES = 2000;

/** An address whose percent-escapes do not decode ("/%", "/rest/jobs/%zz"): Next would answer a plain 500. */
export function malformedPath(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0] ?? '');
    return false;
  } catch {
    return true;
  }
}

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. An encoding
 * the client gives a weight of 0 (`br;q=0`) is one it refuses; `*` stands for any not named.
 */
function pickEncoding(header: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.toLowerCase().split(';');
    const name = rawName.trim();
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

interface Known {
  scripts?: { sources: string[]; unknown: number };
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * What is worked out from a body, kept by its content: a page sent a thousand times is scanned
 * for its scripts and compressed once. Least recently used first out, up to CACHE_ENTRIES bodies
 * and CACHE_BYTES of compressed bytes (pages that differ per request come and go).
 */
function bodyCache() {
  const entries = new Map<string, Known>();
  let bytes = 0;
  const trim = () => {
    for (const [key, entry] of entries) {
      if (bytes <= CACHE_BYTES && entries.size <= CACHE_ENTRIES) break;
      entries.delete(key);
      bytes -= (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
    }
  };
  return (body: Buffer, html: boolean) => {
    // A page is kept apart from the same bytes sent as they are (a range of it, say).
    const key = createHash('sha256').update(body).digest('base64') + (html ? '' : ' as is');
    const entry = entries.get(key) ?? {};
    entries.delete(key);
    entries.set(key, entry);
    trim();
    // What is sent: the page with its scripts after its first paint, made at most once per
    // request and only when needed, rather than kept beside the compressed bytes.
    let sent: Buffer | undefined;
    const page = () => (sent ??= html ? Buffer.from(scriptsAfterPaint(body.toString('utf8'))) : body);
    return {
      // Weak: the same content is sent with either encoding or none. A page's also names the
      // rewrite, so a copy made by an earlier version of it is not kept current by a 304.
      etag: `W/"${html ? key.slice(0, 22) + AFTER_PAINT_VERSION : key.slice(0, 27)}"`,
      page,
      scripts: () => (entry.scripts ??= inlineScriptHashes(page().toString('utf8'))),
      compressed: (encoding: Encoding) => {
        let out = entry[encoding];
        if (!out) {
          const plain = page();
          out = entry[encoding] =
            encoding === 'br'
              ? brotliCompressSync(plain, {
                  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
                })
              : gzipSync(plain, { level: 6 });
          bytes += out.length;
          trim();
        }
        return out;
      },
    };
  };
}

/** Headers given to writeHead() directly are not visible to hasHeader(): look at both. */
function hasCsp(res: ServerResponse, args: unknown[]): boolean {
  const named = (name: unknown) => String(name).toLowerCase() === 'content-security-policy';
  return (
    res.hasHeader('content-security-policy') ||
    args.some(
      (a) => a && typeof a === 'object' && (Array.isArray(a) ? a.some((h, i) => i % 2 === 0 && named(h)) : Object.keys(a).some(named)),
    )
  );
}

/**
 * @param connectSources origins a page's scripts may send to besides the site (the CVs' bucket)
 * @returns what prepares a request and its response; call it before anything else writes to it.
 */
export function responseGuard({ connectSources = [] }: { connectSources?: string[] } = {}) {
  const known = bodyCache();

  return (req: IncomingMessage, res: ServerResponse): void => {
    for (const { key, value } of baseSecurityHeaders) res.setHeader(key, value);
    // The API's answers are data: the strict policy, set once, which a route sending a page of its
    // own (a job's description) replaces with its own. Its 304s keep it, as it is the policy of
    // the answer the client kept; nothing else below concerns the API.
    if (API_PATH.test(req.url ?? '')) {
      res.setHeader('Content-Security-Policy', apiCsp);
      return;
    }
    const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      // A 304 updates the headers the browser keeps with its copy of the page: a policy here would
      // replace the one holding that page's script hashes. It leaves with none.
      if (args[0] === 304) this.removeHeader('Content-Security-Policy');
      else if (!hasCsp(this, args.slice(1))) this.setHeader('Content-Security-Policy', apiCsp);
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];

    // Page requests: every GET but the build's files, the office's and Next's own data requests
    // (RSC), which Next compresses. The office's pages carry a nonce of their own in their policy
    // (src/proxy.ts) and are never the same twice.
    const url = req.url ?? '';
    if (req.method !== 'GET' || /^\/(_next\/static|office)(\/|\?|$)/.test(url) || req.headers.rsc) return;
    const encoding = pickEncoding(String(req.headers['accept-encoding'] ?? ''));
    delete req.headers['accept-encoding'];
    const ifNoneMatch = req.headers['if-none-match'];
    bufferBody(res, (status, body) => {
      const type = String(res.getHeader('content-type') ?? '');
      const html = /^text\/html/i.test(type);
      let out = body;
      if (html || COMPRESSIBLE.test(type)) {
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
      return out;
    });
  };
}

/**
 * Adds the page's known inline scripts, and the origins it may send to, to its policy. Others are
 * refused by the browser: an injection, or a new kind of script Next or React started to write
 * (then src/security/policy.ts needs its shape); the log says so.
 */
function allowPageScripts(
  res: ServerResponse,
  { sources, unknown }: { sources: string[]; unknown: number },
  connectSources: string[],
  url: string,
) {
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

/** The Vary header's value with `name` in it once. */
function mergeVary(vary: unknown, name: string): string {
  const list = String(vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return list.some((v) => v.toLowerCase() === name.toLowerCase() || v === '*') ? list.join(', ') : [...list, name].join(', ');
}

type Callback = (err?: Error | null) => void;

/**
 * Holds the response's head and body until it ends, then sends `finish(status, body)`'s bytes
 * with the head, or a 304 without a body when it returns null (the client's copy is current).
 * Pages here are tens of kilobytes and are read whole by the browser anyway.
 */
function bufferBody(res: ServerResponse, finish: (status: number, body: Buffer) => Buffer | null) {
  const { writeHead, write } = res;
  const end = res.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  const chunks: Buffer[] = [];
  let head: [number, ...string[]] | null = null;
  const toBuffer = (chunk: unknown, encoding: unknown) =>
    Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');

  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    // Headers given here become ordinary headers, so that the policy and length can be set later.
    const headers = rest.find((r) => r && typeof r === 'object') as OutgoingHttpHeaders | unknown[] | undefined;
    // A flat [name, value, …] list may repeat a name (cookies): each value is kept.
    if (Array.isArray(headers))
      for (let i = 0; i + 1 < headers.length; i += 2) this.appendHeader(String(headers[i]), headers[i + 1] as string);
    else if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) this.setHeader(k, v);
    const reason = rest.find((r): r is string => typeof r === 'string');
    head = [status, ...(reason ? [reason] : [])];
    this.statusCode = status;
    return this;
  } as ServerResponse['writeHead'];
  res.flushHeaders = () => {};
  res.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (chunk != null && (chunk as { length: number }).length !== 0) chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as Callback);
    return true;
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
    else if (typeof encoding === 'function') [callback, encoding] = [encoding, undefined];
    if (chunk != null && (chunk as { length: number }).length !== 0) chunks.push(toBuffer(chunk, encoding));
    Object.assign(res, { writeHead, write, end });
    const status = head ? head[0] : this.statusCode;
    const body = finish(status, Buffer.concat(chunks));
    const done = callback as (() => void) | undefined;
    if (body === null) {
      for (const name of ['content-length', 'content-type', 'content-encoding', 'transfer-encoding']) this.removeHeader(name);
      this.writeHead(304);
      return end.call(this, done);
    }
    const [code, reason] = head ?? [status];
    if (reason) this.writeHead(code, reason);
    else this.writeHead(code);
    return end.call(this, body, done);
  } as ServerResponse['end'];
}
