import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { frontCache, TTL_MS } from './front-cache.mjs';
import { lookupSeen, pagesChanged } from './page-changes.mjs';
import { responseGuard } from './response-guard.mjs';

interface Page {
  body?: string;
  headers?: Record<string, string>;
  /** Whether Next's cache is looked up in this request (not when it shares another's). */
  lookup?: boolean;
  /** Something done while the request is in Next, before it answers. */
  during?: () => void;
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 's-maxage=31536000',
  'x-nextjs-cache': 'HIT',
  'Content-Security-Policy': "script-src 'self'",
};

/** The server of scripts/start.mjs in small: the front cache, the response guard, and a stand-in for Next. */
async function serve(page: (req: http.IncomingMessage) => Page, clock = { now: Date.now() }, closing = false) {
  const visits: [string, string | undefined][] = [];
  const front = frontCache({
    localeCookie: 'NEXT_LOCALE',
    visited: (p, headers) => visits.push([p, headers['user-agent']]),
    now: () => clock.now,
  });
  const guard = responseGuard({ sent: front.keep });
  let reachedNext = 0;
  const next = (req: http.IncomingMessage, res: http.ServerResponse) => {
    reachedNext += 1;
    const {
      body = `<html><body><p>${'page '.repeat(400)}${reachedNext}</p></body></html>`,
      headers = PAGE_HEADERS,
      lookup = true,
      during,
    } = page(req);
    if (lookup) lookupSeen();
    setTimeout(() => {
      during?.();
      res.writeHead(200, { ...headers, 'X-Request-Id': 'from-the-proxy' });
      res.end(body);
    }, 1);
  };
  const server = http.createServer((req, res) => {
    if (front.answer(req, res, closing)) return;
    guard(req, res);
    front.pass(req, () => next(req, res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const get = (path = '/about', headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  const stop = () => new Promise((r) => server.close(r));
  servers.push(stop);
  return { get, front, clock, visits, reached: () => reachedNext };
}

const servers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((stop) => stop()));
});

describe('the cache of pages in front of Next', () => {
  it('answers a page Next took from its cache again from memory, with the same head and a request id of its own', async () => {
    const s = await serve(() => ({}));
    const first = await s.get();
    const second = await s.get();
    const third = await s.get('/about', { 'x-request-id': 'client-id-1' });
    expect(s.reached()).toBe(1);
    expect(second.body.equals(first.body)).toBe(true);
    for (const name of ['content-security-policy', 'etag', 'cache-control', 'content-type', 'x-content-type-options', 'content-length']) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(third.headers['x-request-id']).toBe('client-id-1');
  });

  it('drops every page at the next mark of a cached page, and does not keep an answer overtaken by one', async () => {
    let markDuringNext = false;
    const s = await serve(() => ({ during: () => markDuringNext && pagesChanged() }));
    await s.get();
    pagesChanged();
    const afterMark = await s.get();
    expect(s.reached()).toBe(2);
    expect(afterMark.body.toString()).toContain('page 2');

    markDuringNext = true;
    await s.get('/sp/acerca');
    markDuringNext = false;
    await s.get('/sp/acerca');
    expect(s.reached()).toBe(4); // the first answer of /sp/acerca was begun before the mark: not kept
    await s.get('/sp/acerca');
    expect(s.reached()).toBe(4);
  });

  it('does not keep an answer Next gave from a lookup of another request', async () => {
    const s = await serve(() => ({ lookup: false }));
    await s.get();
    await s.get();
    expect(s.reached()).toBe(2);
  });

  it('keeps each encoding, language cookie and Accept-Language apart, and what else the proxy reads', async () => {
    const s = await serve(() => ({}));
    await s.get();
    const gzip = await s.get('/about', { 'accept-encoding': 'gzip' });
    await s.get('/about', { 'accept-language': 'es-ES,es;q=0.9' });
    await s.get('/about', { cookie: 'consent=1; NEXT_LOCALE=fr' });
    await s.get('/about', { 'sec-fetch-dest': 'document' });
    expect(s.reached()).toBe(5);
    const gzipAgain = await s.get('/about', { 'accept-encoding': 'gzip' });
    await s.get('/about', { cookie: 'NEXT_LOCALE=fr; other=2' });
    await s.get('/about', { 'sec-fetch-dest': 'document' });
    expect(s.reached()).toBe(5);
    expect(gzipAgain.headers['content-encoding']).toBe('gzip');
    expect(gzipAgain.body.equals(gzip.body)).toBe(true);
    expect(gunzipSync(gzipAgain.body).toString()).toContain('page 2</p>');
  });

  it('keeps the page of each host apart: its links to the other languages name the host it was asked by', async () => {
    const host = (req: http.IncomingMessage) => req.headers['x-forwarded-host'] ?? req.headers.host;
    const s = await serve((req) => ({ headers: { ...PAGE_HEADERS, Link: `<https://${String(host(req))}/sp/about>; rel="alternate"` } }));
    await s.get('/about', { host: 'www.example.com' });
    const forged = await s.get('/about', { host: 'www.example.com', 'x-forwarded-host': 'evil.example' });
    const again = await s.get('/about', { host: 'www.example.com' });
    expect(forged.headers.link).toContain('evil.example');
    expect(again.headers.link).toBe('<https://www.example.com/sp/about>; rel="alternate"');
    expect(s.reached()).toBe(2);
  });

  it("sends the proxy's language cookie again with the page", async () => {
    const cookie = 'NEXT_LOCALE=es; Path=/; Max-Age=31536000; SameSite=lax';
    const s = await serve(() => ({ headers: { ...PAGE_HEADERS, 'Set-Cookie': cookie } }));
    await s.get('/sp/acerca');
    const again = await s.get('/sp/acerca');
    expect(s.reached()).toBe(1);
    expect(again.headers['set-cookie']).toEqual([cookie]);
  });

  it('answers a copy that is still current with a 304 without a body or policy', async () => {
    const s = await serve(() => ({}));
    const first = await s.get();
    const again = await s.get('/about', { 'if-none-match': String(first.headers.etag) });
    expect(s.reached()).toBe(1);
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it(`asks Next again after ${TTL_MS / 1000} s, or sooner when the page is shared for less`, async () => {
    const clock = { now: 1_000_000 };
    const s = await serve((req) => (req.url === '/short' ? { headers: { ...PAGE_HEADERS, 'Cache-Control': 's-maxage=2' } } : {}), clock);
    await s.get();
    await s.get('/short');
    clock.now += 2_000;
    await s.get();
    await s.get('/short');
    expect(s.reached()).toBe(3);
    clock.now += TTL_MS - 2_000;
    await s.get();
    expect(s.reached()).toBe(4);
  });

  it.each<[string, Page | null, string, Record<string, string>?, string?]>([
    ['a page that sets a cookie', { headers: { ...PAGE_HEADERS, 'Set-Cookie': 'session=abc; HttpOnly' } }, '/about'],
    ['a page for one visitor', { headers: { ...PAGE_HEADERS, 'Cache-Control': 'private, no-cache, no-store' } }, '/about'],
    ['a page served stale while Next renders it again', { headers: { ...PAGE_HEADERS, 'x-nextjs-cache': 'STALE' } }, '/about'],
    ['a file that is not a page', { headers: { ...PAGE_HEADERS, 'Content-Type': 'text/plain' } }, '/robots.txt'],
    ["Next's data request", null, '/about', { rsc: '1' }],
    ["Next's prefetch", null, '/about', { 'next-router-prefetch': '1' }],
    ['a range', null, '/about', { range: 'bytes=0-10' }],
    ['a language cookie sent twice (Next reads the last)', null, '/about', { cookie: 'NEXT_LOCALE=es; NEXT_LOCALE=en' }],
    ['an escaped language cookie (Next decodes it)', null, '/about', { cookie: 'NEXT_LOCALE=%65s' }],
    ['a page larger than a megabyte', { body: `<p>${'x'.repeat(1024 * 1024)}</p>` }, '/about'],
    ['a HEAD request', null, '/about', {}, 'HEAD'],
    ['the office', null, '/office/leads'],
  ])('does not keep %s', async (_what, page, path, headers = {}, method = 'GET') => {
    const s = await serve(() => page ?? {});
    await s.get(path, headers, method);
    await s.get(path, headers, method);
    expect(s.reached()).toBe(2);
    expect(s.front.size()).toBe(0);
  });

  it('tells of each visit it answers, as the proxy is told of those Next answers', async () => {
    const s = await serve(() => ({}));
    await s.get('/jobs/all/specs/123?from=board', { 'user-agent': 'Mozilla/5.0' });
    expect(s.visits).toEqual([]); // Next's answer: the proxy counted it
    const first = await s.get('/jobs/all/specs/123?from=board', { 'user-agent': 'Mozilla/5.0' });
    await s.get('/jobs/all/specs/123?from=board', { 'user-agent': 'Mozilla/5.0', 'if-none-match': String(first.headers.etag) });
    expect(s.reached()).toBe(1);
    expect(s.visits).toEqual([
      ['/jobs/all/specs/123', 'Mozilla/5.0'],
      ['/jobs/all/specs/123', 'Mozilla/5.0'],
    ]);
  });

  it('closes the connection after an answer from memory while the server stops', async () => {
    const s = await serve(() => ({}), undefined, true);
    await s.get();
    const again = await s.get();
    expect(s.reached()).toBe(1);
    expect(again.headers.connection).toBe('close');
  });

  it('holds at most 8 MB of pages', async () => {
    const s = await serve(() => ({ body: `<p>${'x'.repeat(900 * 1024)}</p>` }));
    for (let i = 0; i < 10; i++) await s.get(`/about?v=${i}`);
    expect(s.front.size()).toBe(9);
  });

  it('holds at most 300 pages', async () => {
    const s = await serve(() => ({}));
    for (let i = 0; i < 320; i++) await s.get(`/jobs/all?page=${i}`);
    expect(s.front.size()).toBe(300);
    await s.get('/jobs/all?page=319');
    await s.get('/jobs/all?page=0');
    expect(s.reached()).toBe(321);
  });
});
