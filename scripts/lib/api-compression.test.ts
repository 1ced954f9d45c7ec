import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressApiAnswer, MIN_COMPRESS_BYTES } from './api-compression.mjs';

// Answers written the ways the API's adapter writes them (its head in writeHead, the body in one
// end or in chunks), through a server that prepares each as scripts/start.mjs does.
const large = JSON.stringify({ jobs: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Engineer ${i}` })) });
const chunks = Array.from({ length: 50 }, (_, i) => `row ${i};${'x'.repeat(500)}\n`);
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    compressApiAnswer(req, res);
    const json = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(large)) };
    switch (req.url) {
      case '/small':
        return res.writeHead(200, { 'content-type': 'application/json', 'content-length': '15' }).end('{"status":"ok"}');
      case '/large':
        return res.writeHead(200, json).end(large);
      case '/large-as-list':
        return res.writeHead(200, ['Content-Type', 'application/problem+json', 'X-Request-Id', 'abc']).end(large);
      case '/streamed': {
        res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
        let i = 0;
        const next = () => (i < chunks.length ? res.write(chunks[i++], () => setImmediate(next)) : res.end());
        return next();
      }
      case '/not-modified':
        return res.writeHead(304, { etag: 'W/"1"' }).end();
      case '/pdf':
        return res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.alloc(4096, 1));
      case '/own-vary':
        res.setHeader('Vary', 'Origin');
        return res.writeHead(200, json).end(large);
      default:
        return res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

function get(path: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressApiAnswer', () => {
  it('compresses a large JSON answer with brotli or gzip, as the client prefers, and says it varies', async () => {
    const br = await get('/large', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(large);
    expect(br.body.length).toBeLessThan(large.length / 4);

    const gzip = await get('/large', 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(large);
  });

  it('sends it as it is to a client that accepts no encoding, and to a HEAD', async () => {
    const plain = await get('/large');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(large.length));
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(large);
    const head = await get('/large', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(large.length));
  });

  it(`leaves an answer under ${MIN_COMPRESS_BYTES} bytes, a 304 and a PDF as they are`, async () => {
    const small = await get('/small', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('{"status":"ok"}');
    const notModified = await get('/not-modified', 'br');
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.headers.etag).toBe('W/"1"');
    const pdf = await get('/pdf', 'br');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.length).toBe(4096);
  });

  it('keeps headers given as a list, and compresses problem details', async () => {
    const res = await get('/large-as-list', 'br');
    expect(res.headers['x-request-id']).toBe('abc');
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(brotliDecompressSync(res.body).toString()).toBe(large);
  });

  it('compresses a body written in chunks, whose length is not known, as it is written', async () => {
    const res = await get('/streamed', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(chunks.join(''));
  });

  it("keeps an answer's own Vary beside Accept-Encoding", async () => {
    const res = await get('/own-vary', 'br');
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
    expect(brotliDecompressSync(res.body).toString()).toBe(large);
  });
});
