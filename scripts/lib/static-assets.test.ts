import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding, staticAssets } from './static-assets.mjs';

const script = `console.log(${JSON.stringify('a chunk '.repeat(500))});`;
let server: http.Server;
let port: number;

/** Answers with the raw bytes and headers, with no decoding, as a browser's network layer sees them. */
function get(pathname: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    // The path goes out as written (a URL object would tidy `..` and `//` away first).
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'site-static-'));
  mkdirSync(path.join(dist, 'static/chunks'), { recursive: true });
  writeFileSync(path.join(dist, 'static/chunks/app-1a2b.js'), script);
  writeFileSync(path.join(dist, 'static/chunks/app-1a2b.css'), 'body{color:red}');
  writeFileSync(path.join(dist, 'secret.js'), 'the build folder, outside static');
  symlinkSync(path.join(dist, 'secret.js'), path.join(dist, 'static/chunks/link.js'));
  // As the build writes next.config.ts's headers: one for every path, one for another path only.
  writeFileSync(
    path.join(dist, 'routes-manifest.json'),
    JSON.stringify({
      headers: [
        {
          source: '/:path*',
          regex: '^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$',
          headers: [{ key: 'X-Content-Type-Options', value: 'nosniff' }],
        },
        { source: '/sw.js', regex: '^/sw\\.js(?:/)?$', headers: [{ key: 'Service-Worker-Allowed', value: '/' }] },
      ],
    }),
  );
  const serve = staticAssets(dist);
  server = http.createServer((req, res) => {
    void serve(req, res).then((served) => served || res.writeHead(404).end('left to Next'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('build scripts and stylesheets served from memory', () => {
  it('sends brotli to a browser that takes it, smaller than gzip, with the configured headers and a year of caching', async () => {
    const br = await get('/_next/static/chunks/app-1a2b.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=UTF-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'content-length': String(br.body.length),
    });
    expect(br.headers['service-worker-allowed']).toBeUndefined();
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get('/_next/static/chunks/app-1a2b.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(gz.body.length);

    // A client that refuses brotli (a weight of 0) gets gzip.
    const noBr = await get('/_next/static/chunks/app-1a2b.js', { 'accept-encoding': 'br;q=0, gzip;q=0.8' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(noBr.body).toString()).toBe(script);
  });

  it('reads the weights of Accept-Encoding: 0 refuses, * stands for the others', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('BR;Q=0.1')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding('br;q=abc, gzip')).toBe('gzip');
    expect(pickEncoding('br ;q=0, gzip')).toBe('gzip');
  });

  it('sends the file as it is to a client that takes no compression, and no body to HEAD', async () => {
    const plain = await get('/_next/static/chunks/app-1a2b.css?v=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(plain.body.toString()).toBe('body{color:red}');
    const head = await get('/_next/static/chunks/app-1a2b.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it('leaves unknown names, other kinds of file, other methods and anything outside the folder to Next', async () => {
    const elsewhere = [
      '/_next/static/chunks/missing.js',
      '/_next/static/media/font.woff2',
      '/_next/static/../secret.js',
      '/_next/static/chunks/%2e%2e/%2e%2e/secret.js',
      '/_next/static/chunks/link.js',
      '/secret.js',
    ];
    // Other spellings of a real file's path: each would otherwise be read, compressed and kept again.
    const respelled = [
      '/_next/static//chunks/app-1a2b.js',
      '/_next/static/./chunks/app-1a2b.js',
      '/_next/static/chunks/../chunks/app-1a2b.js',
      '/_next/static/chunks/app-1a2b%2ejs',
    ];
    for (const pathname of [...elsewhere, ...respelled]) {
      const res = await get(pathname, { 'accept-encoding': 'br' });
      expect(res.status, pathname).toBe(404);
      expect(res.body.toString(), pathname).toBe('left to Next');
    }
    expect((await get('/_next/static/chunks/app-1a2b.js', {}, 'POST')).body.toString()).toBe('left to Next');
  });
});
