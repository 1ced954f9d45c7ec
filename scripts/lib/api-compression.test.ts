import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressApiAnswer } from './api-compression.mjs';
import { Response as LightResponse } from './light-response.mjs';
import { MIN_COMPRESS_BYTES, responseGuard } from './response-guard.mjs';
import { apiCsp } from './security-headers.mjs';

// Answers written the ways a response can be written (the head in writeHead or implicit, the body
// in one end or in chunks), and answers of a Hono app through the adapter npm start uses, through
// a server that prepares each as scripts/start.mjs does.
// Not ASCII: its length in bytes is not its length in characters.
const large = JSON.stringify({ jobs: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Ingeniería ${i} — Zürich` })) });
const chunks = Array.from({ length: 50 }, (_, i) => `row ${i};${'x'.repeat(500)}\n`);
/** One body kept in memory and sent again and again, as a page of search results is. */
const kept = Buffer.from(large);
let server: http.Server;
let base: string;

// 8 MB of text that compresses to about three quarters (hex), streamed: more than the socket holds.
const streamed = Array.from({ length: 128 }, () => randomBytes(32 * 1024).toString('hex'));
// Answers made as the API's bundle makes them: the adapter's own Response (decision 044), which it
// writes with the body's length set inside Node, where no header shows it.
const json = (body: string, status = 200) => new LightResponse(body, { status, headers: { 'content-type': 'application/json' } });
const hugeExport = 'id;name\n'.repeat(40_000);
/** A page an API route sends with a policy of its own (a job's description). */
const ownPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const app = new Hono()
  .get(
    '/rest/description',
    () =>
      new LightResponse(`<p>${'A job. '.repeat(300)}</p>`, {
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': ownPolicy },
      }),
  )
  .get('/rest/data', () => json(large))
  .get('/hono/health', () => json('{"status":"ok"}'))
  .get('/hono/missing', () => json('{"type":"about:blank","status":404}', 404))
  .get('/hono/large', () => json(large))
  .get('/hono/huge-export', () => new LightResponse(hugeExport, { headers: { 'content-type': 'text/csv; charset=utf-8' } }))
  .get('/hono/export', () => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < streamed.length) controller.enqueue(new TextEncoder().encode(streamed[i++]));
        else controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
  });
const serveHono = getRequestListener(app.fetch, { overrideGlobalObjects: false });

beforeAll(async () => {
  const guard = responseGuard();
  server = http.createServer((req, res) => {
    // The API's addresses get the response guard first, as scripts/start.mjs gives every answer.
    if (req.url!.startsWith('/rest/')) guard(req, res);
    compressApiAnswer(req, res);
    if (/^\/(hono|rest)\//.test(req.url!)) return void serveHono(req, res);
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
      case '/implicit-head':
        res.setHeader('content-type', 'application/json');
        return res.end(large);
      case '/implicit-small':
        res.setHeader('content-type', 'application/json');
        return res.end('{"plain":"body"}');
      case '/kept':
        return res.writeHead(200, { 'content-type': 'application/json' }).end(kept);
      case '/head-replaced':
        // An answer that failed after its first head and before its body: the second head wins whole.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000', 'content-disposition': 'attachment' });
        return res.writeHead(500).end();
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

function get(path: string, acceptEncoding?: string, method = 'GET', slowly = false) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        parts.push(c);
        // A slow client: the server's writes wait for it.
        if (slowly && parts.length % 16 === 0) {
          res.pause();
          setTimeout(() => res.resume(), 5);
        }
      });
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
    expect(br.headers['content-length']).toBe(String(br.body.length));
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
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(large)));
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(large);
    const head = await get('/large', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(large)));
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

  it("decides on the body's length when no header gives it: the adapter's small answers stay as they are", async () => {
    const health = await get('/hono/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers['content-length']).toBe('15');
    expect(health.body.toString()).toBe('{"status":"ok"}');
    const missing = await get('/hono/missing', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    const largeAnswer = await get('/hono/large', 'br');
    expect(largeAnswer.headers['content-encoding']).toBe('br');
    expect(largeAnswer.headers['content-length']).toBe(String(largeAnswer.body.length));
    expect(brotliDecompressSync(largeAnswer.body).toString()).toBe(large);
    const implicitSmall = await get('/implicit-small', 'gzip');
    expect(implicitSmall.headers['content-encoding']).toBeUndefined();
    expect(implicitSmall.body.toString()).toBe('{"plain":"body"}');
    const implicit = await get('/implicit-head', 'gzip');
    expect(implicit.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(implicit.body).toString()).toBe(large);
  });

  it('streams a large body to a slow client whole, each side waiting for the other', async () => {
    const res = await get('/hono/export', 'gzip', 'GET', true);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(streamed.join(''));
  });

  it('sends a body kept in memory whole every time, compressed or not, and leaves it unchanged', async () => {
    for (const encoding of ['br', 'gzip', undefined, 'br', 'gzip', undefined]) {
      const res = await get('/kept', encoding);
      const text = encoding === 'br' ? brotliDecompressSync(res.body) : encoding === 'gzip' ? gunzipSync(res.body) : res.body;
      expect(text.toString(), String(encoding)).toBe(large);
    }
    expect(kept.toString()).toBe(large);
  });

  it('streams a whole body too large to compress at once, so that no other request waits for it', async () => {
    const res = await get('/hono/huge-export', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(res.body).toString()).toBe(hugeExport);
  });

  it("gives the API's answers the data policy, and a route's own policy instead of it, compressed or not", async () => {
    for (const encoding of [undefined, 'br']) {
      const data = await get('/rest/data', encoding);
      expect(data.headers['content-security-policy']).toBe(apiCsp);
      expect(data.headers['x-content-type-options']).toBe('nosniff');
      const page = await get('/rest/description', encoding);
      expect(page.headers['content-encoding']).toBe(encoding);
      expect(page.headers['content-security-policy']).toBe(ownPolicy);
    }
  });

  it('lets a second head replace the first one whole, its headers too', async () => {
    const res = await get('/head-replaced', 'br');
    expect(res.status).toBe(500);
    expect(res.headers['content-length']).not.toBe('5000');
    expect(res.body.length).toBe(0);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
