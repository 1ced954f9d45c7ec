// Compression of the API's answers as `npm start` serves them (decision 047). Hono's compress()
// reads each finished answer's headers, which turns the adapter's light answer into the
// platform's Headers and cost a small answer about twice what making it did; and it compressed
// through a web stream. Here Node's zlib compresses, decided when the body's first bytes come.
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { MIN_COMPRESS_BYTES, mergeVary } from './response-guard.mjs';
import { pickEncoding } from './static-assets.mjs';

/** JSON, problem details, and text (an export): what is worth compressing. */
const COMPRESSIBLE = /^(text\/|application\/([\w.+-]+\+)?json)/i;
/** Brotli's default (11) is for files compressed once; 4 compresses a changing answer as fast as gzip, and smaller. */
const BROTLI_QUALITY = 4;
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };

/**
 * A whole body up to this size is compressed at once, on the main thread (a page of search results
 * is 12 KB: about a third of a millisecond); a larger one (an export) as a stream, so that no
 * other request waits for it.
 */
const AT_ONCE_MAX_BYTES = 256 * 1024;

/**
 * Compressed copies of bodies given as bytes, by the bytes' object: an answer kept in memory (a
 * page of search results, whose bytes never change) is compressed once per encoding, and its
 * copies go when it goes.
 * @type {WeakMap<Uint8Array, { br?: Buffer, gzip?: Buffer }>}
 */
const compressedCopies = new WeakMap();

/** @param {Uint8Array} body @param {'br' | 'gzip'} encoding */
const compressNow = (body, encoding) => (encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body));

/** @param {Uint8Array} body @param {'br' | 'gzip'} encoding */
function compressKept(body, encoding) {
  let copies = compressedCopies.get(body);
  if (!copies) compressedCopies.set(body, (copies = {}));
  return (copies[encoding] ??= compressNow(body, encoding));
}

/**
 * Prepares an API answer: `Vary: Accept-Encoding` on every one, and a body of a compressible type
 * compressed with the client's preferred encoding when it is at least MIN_COMPRESS_BYTES, or of
 * unknown length (written in chunks). The head waits for the body's first bytes, which say which:
 * the adapter sets a body's length where no header shows it. Call before the head is written.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function compressApiAnswer(req, res) {
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = req.method === 'HEAD' ? null : pickEncoding(String(req.headers['accept-encoding'] ?? ''));
  if (!encoding) return;
  const { writeHead, write, end, flushHeaders } = res;
  /** @type {[number, string?] | null} */
  let head = null;
  /** @type {string[]} the names the last writeHead() gave, which a later one replaces */
  let given = [];

  res.writeHead = function (status, ...rest) {
    // Headers given here (the adapter gives them all) become ordinary ones, to be read and changed.
    for (const name of given) this.removeHeader(name);
    const headers = rest.find((r) => r && typeof r === 'object');
    given = Array.isArray(headers) ? headers.filter((_, i) => i % 2 === 0).map(String) : headers ? Object.keys(headers) : [];
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) this.appendHeader(String(headers[i]), headers[i + 1]);
    else if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) this.setHeader(k, /** @type {any} */ (v));
    const reason = rest.find((r) => typeof r === 'string');
    head = reason ? [status, reason] : [status];
    this.statusCode = status;
    return this;
  };
  res.flushHeaders = () => {};

  /**
   * Writes the head, compressing what follows when it should.
   * @param {number | undefined} length the body's, when the first write is its end
   * @returns {boolean} whether the body is to be compressed
   */
  const decide = (length) => {
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
    res.flushHeaders = flushHeaders;
    const status = head ? head[0] : res.statusCode;
    const declared = res.getHeader('content-length');
    const size = length ?? (declared === undefined ? undefined : Number(declared));
    const compress =
      status >= 200 &&
      status !== 204 &&
      status !== 206 &&
      status !== 304 &&
      COMPRESSIBLE.test(String(res.getHeader('content-type') ?? '')) &&
      !res.hasHeader('content-encoding') &&
      (size === undefined || size >= MIN_COMPRESS_BYTES);
    if (compress) {
      // An answer's own Vary keeps Accept-Encoding beside it. (One sent as it is may lose it: no
      // harm, a cache can give any client the identity answer.)
      res.setHeader('Vary', mergeVary(res.getHeader('vary'), 'Accept-Encoding'));
      res.removeHeader('Content-Length');
      res.setHeader('Content-Encoding', encoding);
    }
    return compress;
  };
  // Without a head of its own, the body's first write makes Node write the implicit one.
  const sendHead = () => head && writeHead.apply(res, /** @type {[number, any?]} */ (head));

  res.write = /** @type {any} */ (
    function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ callback) {
      if (decide(undefined)) pipeThrough(res, encoding, write, end);
      sendHead();
      return res.write(chunk, enc, callback);
    }
  );
  res.end = /** @type {any} */ (
    function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ callback) {
      // A string is measured here and encoded only if it is compressed: one sent as it is goes out
      // in one write with the head (Node joins a string to it, not bytes).
      const bytes =
        chunk == null || typeof chunk === 'function'
          ? 0
          : typeof chunk === 'string'
            ? Buffer.byteLength(chunk, typeof enc === 'string' ? /** @type {BufferEncoding} */ (enc) : 'utf8')
            : chunk.byteLength;
      const compress = decide(bytes) && bytes > 0;
      if (compress && bytes <= AT_ONCE_MAX_BYTES) {
        // A whole body: compressed at once (once, if it is bytes kept in memory), with its length.
        const body =
          typeof chunk === 'string'
            ? compressNow(Buffer.from(chunk, typeof enc === 'string' ? /** @type {BufferEncoding} */ (enc) : 'utf8'), encoding)
            : compressKept(chunk, encoding);
        res.setHeader('Content-Length', body.length);
        sendHead();
        return end.call(res, body, typeof enc === 'function' ? enc : callback);
      }
      if (compress) pipeThrough(res, encoding, write, end);
      sendHead();
      return res.end(chunk, enc, callback);
    }
  );
}

/**
 * The body written from now on goes through a compressor into the response, each side waiting
 * for the other: the writer for the compressor's drain, the compressor for the client's.
 * @param {import('node:http').ServerResponse} res
 * @param {'br' | 'gzip'} encoding
 * @param {import('node:http').ServerResponse['write']} write the response's own write
 * @param {import('node:http').ServerResponse['end']} end the response's own end
 */
function pipeThrough(res, encoding, write, end) {
  const zip = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : createGzip();
  zip.on('data', (chunk) => {
    if (!write.call(res, chunk)) zip.pause();
  });
  res.on('drain', () => {
    if (zip.isPaused() && !res.writableNeedDrain) zip.resume();
  });
  // The writer (the adapter streaming a body) waits for the response's drain when a write says so.
  zip.on('drain', () => res.emit('drain'));
  zip.on('end', () => end.call(res));
  zip.on('error', (err) => res.destroy(err));
  res.on('close', () => zip.destroy());
  res.write = /** @type {any} */ (
    function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ callback) {
      return zip.write(chunk, typeof enc === 'string' ? enc : 'utf8', typeof enc === 'function' ? enc : callback);
    }
  );
  res.end = /** @type {any} */ (
    function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ callback) {
      if (typeof chunk === 'function') [callback, chunk] = [chunk, undefined];
      else if (typeof enc === 'function') [callback, enc] = [enc, undefined];
      if (callback) res.once('finish', callback);
      if (chunk != null) zip.end(chunk, typeof enc === 'string' ? enc : 'utf8');
      else zip.end();
      return res;
    }
  );
}
