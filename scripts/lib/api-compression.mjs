// Compression of the API's answers as `npm start` serves them (decision 047). Hono's compress()
// reads each finished answer's headers, which turns the adapter's light answer into the
// platform's Headers and cost a small answer about twice what making it did; and it compressed
// through a web stream. Here the head is read as Node writes it, and Node's zlib compresses.
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { pickEncoding } from './static-assets.mjs';

/** JSON, problem details, and text (an export): what is worth compressing. */
const COMPRESSIBLE = /^(text\/|application\/([\w.+-]+\+)?json)/i;
/** Below this, the compressed answer is hardly smaller, and costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;
/** Brotli's default (11) is for files compressed once; 4 compresses a changing answer as fast as gzip, and smaller. */
const BROTLI_QUALITY = 4;

/**
 * Prepares an API answer: `Vary: Accept-Encoding` on every one, and a body of a compressible type
 * and at least MIN_COMPRESS_BYTES (or of unknown length: streamed) compressed with the client's
 * preferred encoding, as it is written. Call it before the answer's head is written.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function compressApiAnswer(req, res) {
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = req.method === 'HEAD' ? null : pickEncoding(String(req.headers['accept-encoding'] ?? ''));
  if (!encoding) return;
  const { writeHead, write, end } = res;
  res.writeHead = function (status, ...rest) {
    res.writeHead = writeHead;
    // Headers given here (the adapter gives them all) become ordinary ones, to be read and changed.
    const headers = rest.find((r) => r && typeof r === 'object');
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) this.appendHeader(String(headers[i]), headers[i + 1]);
    else if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) this.setHeader(k, /** @type {any} */ (v));
    // An answer's own Vary keeps Accept-Encoding beside it. (One sent uncompressed may lose it: no
    // harm, a cache can give any client the identity answer.)
    const vary = String(this.getHeader('vary') ?? '');
    if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) this.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const reason = rest.find((r) => typeof r === 'string');
    const length = this.getHeader('content-length');
    const compress =
      status >= 200 &&
      status !== 204 &&
      status !== 206 &&
      status !== 304 &&
      COMPRESSIBLE.test(String(this.getHeader('content-type') ?? '')) &&
      !this.hasHeader('content-encoding') &&
      (length === undefined || Number(length) >= MIN_COMPRESS_BYTES);
    if (compress) {
      this.removeHeader('Content-Length');
      this.setHeader('Content-Encoding', encoding);
      pipeThrough(this, encoding, write, end);
    }
    return reason ? writeHead.call(this, status, reason) : writeHead.call(this, status);
  };
}

/**
 * The body written from now on goes through a compressor into the response.
 * @param {import('node:http').ServerResponse} res
 * @param {'br' | 'gzip'} encoding
 * @param {import('node:http').ServerResponse['write']} write the response's own write
 * @param {import('node:http').ServerResponse['end']} end the response's own end
 */
function pipeThrough(res, encoding, write, end) {
  const zip = encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : createGzip();
  zip.on('data', (chunk) => {
    // The client reads slower than zlib writes: zlib waits, so memory holds no more than a chunk.
    if (!write.call(res, chunk)) {
      zip.pause();
      res.once('drain', () => zip.resume());
    }
  });
  zip.on('end', () => end.call(res));
  zip.on('error', (err) => res.destroy(err));
  res.on('close', () => zip.destroy());
  res.write = /** @type {any} */ (
    function (/** @type {any} */ chunk, /** @type {any} */ enc, /** @type {any} */ callback) {
      // Taken at once: the body waits in the compressor, which sends it on as the client reads.
      zip.write(chunk, typeof enc === 'string' ? enc : 'utf8', typeof enc === 'function' ? enc : callback);
      return true;
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
