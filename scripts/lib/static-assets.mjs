// The build's scripts and stylesheets, served by `npm start` from memory, compressed once.
//
// Their names carry a content hash, so they never change while the server runs. Next compresses
// every response again on each request; a page's first visit asks for ten or more chunks at once,
// and on a small machine that work competes with everything else the server does. Here each file
// is compressed once, with brotli at its best level (about a sixth smaller than Next's gzip) and with
// gzip for the clients that lack brotli, and then sent from memory. Only the names the build
// wrote are served (listed once at start, so no other spelling of a path makes a new cache entry);
// other files under /_next/static (images, media) and any other name go on to Next.
import { readFile } from 'node:fs/promises';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const TYPES = { '.js': 'application/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8' };
const PREFIX = '/_next/static/';

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. An encoding
 * the client gives a weight of 0 (`br;q=0`) is one it refuses; `*` stands for any not named.
 * @param {string} header
 * @returns {'br' | 'gzip' | null}
 */
export function pickEncoding(header) {
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.toLowerCase().split(';');
    const name = rawName.trim();
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

/**
 * @param {string} distDir the build folder (`.next`)
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<boolean>}
 *   answers a request for a build script or stylesheet and resolves true, or resolves false and
 *   leaves the request to Next.
 */
export function staticAssets(distDir) {
  const root = path.join(distDir, 'static');
  // The headers next.config.ts sets (security headers, CSP) apply to these files as to any other;
  // the build writes them, with their path patterns, to the routes manifest.
  const { headers: rules } = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
  const matchers = rules.map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers }));
  // Regular files only (no links), as URL paths relative to the folder.
  const files = new Set(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && TYPES[path.extname(entry.name)])
      .map((entry) =>
        path
          .relative(root, path.join(entry.parentPath ?? entry.path, entry.name))
          .split(path.sep)
          .join('/'),
      ),
  );
  /** @type {Map<string, Promise<{ raw: Buffer, br: Buffer, gzip: Buffer }>>} */
  const cache = new Map();

  async function load(relative) {
    const raw = await readFile(path.join(root, relative));
    const [br, gzipped] = await Promise.all([
      brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
      gz(raw, { level: 9 }),
    ]);
    return { raw, br, gzip: gzipped };
  }

  return async function serve(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = (req.url ?? '').split('?')[0];
    const relative = pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : '';
    if (!files.has(relative)) return false;
    if (!cache.has(relative)) cache.set(relative, load(relative));
    let asset;
    try {
      asset = await cache.get(relative);
    } catch {
      // Gone from the disk, or not readable: Next answers, and the next request tries again.
      cache.delete(relative);
      return false;
    }
    const type = TYPES[path.extname(relative)];
    const encoding = pickEncoding(String(req.headers['accept-encoding'] ?? ''));
    const body = encoding ? asset[encoding] : asset.raw;
    for (const { regex, headers } of matchers) {
      if (regex.test(pathname)) for (const { key, value } of headers) res.setHeader(key, value);
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('Content-Type', type);
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
