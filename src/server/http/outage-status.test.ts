import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRequestError } from '@/instrumentation';
import { outageStatus, REQUESTS, REQUEST_KEY_HEADER, RETRY_AFTER_SECONDS } from './outage-status.ts';

// A server wrapped as start.ts wraps Next, with the site's own onRequestError (src/instrumentation.ts)
// told about each request's error as Next tells it: each path stands for one way a request can end.
const requests = new Map<string, boolean>();
const track = outageStatus(requests);
const keysSeen: string[] = [];
const openWhileHandled: boolean[] = [];
let server: http.Server;
let release = () => {};
let base: string;

beforeAll(async () => {
  (globalThis as Record<symbol, unknown>)[REQUESTS] = requests;
  server = http.createServer((req, res) => {
    track(req, res);
    const key = req.headers[REQUEST_KEY_HEADER] as string;
    keysSeen.push(key);
    openWhileHandled.push(requests.has(key));
    if (req.url!.startsWith('/outage'))
      onRequestError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), { headers: req.headers });
    if (req.url === '/bug') onRequestError(new TypeError('x is undefined'), { headers: req.headers });
    if (req.url === '/rendering?first') {
      // The first request of a render that meets an outage; held open until released.
      onRequestError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), { headers: req.headers });
      release = () => {
        res.statusCode = 500;
        res.end('error page');
      };
      return;
    }
    if (req.url === '/rendering?joined') {
      // Given the same render's 500 before its own report.
      res.statusCode = 500;
      res.end('error page');
      return;
    }
    if (req.url === '/outage' || req.url === '/bug') {
      res.statusCode = 500;
      res.end('error page');
    } else if (req.url === '/outage-head') {
      res.writeHead(500, 'Internal Server Error', { 'content-type': 'text/plain' }).end('error page');
    } else res.end('fine');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[REQUESTS];
  await new Promise((r) => server.close(r));
});

describe('the status of a page that met an outage', () => {
  it('is 503 with Retry-After instead of 500, however the head is written', async () => {
    for (const path of ['/outage', '/outage-head']) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(503);
      expect(res.statusText, path).toBe('Service Unavailable');
      expect(res.headers.get('retry-after'), path).toBe(String(RETRY_AFTER_SECONDS));
      expect(await res.text(), path).toBe('error page');
    }
  });

  it('stays 500 for any other error, and other statuses are left alone', async () => {
    const bug = await fetch(`${base}/bug`);
    expect(bug.status).toBe(500);
    expect(bug.headers.get('retry-after')).toBeNull();
    expect((await fetch(`${base}/outage-but-fine`)).status).toBe(200);
  });

  it("is 503 for a request given a render's 500 before its own report, when that render met an outage; other pages stay 500", async () => {
    const first = fetch(`${base}/rendering?first`);
    await expect.poll(() => requests.size).toBe(1);
    expect((await fetch(`${base}/rendering?joined`)).status).toBe(503);
    expect((await fetch(`${base}/bug`)).status).toBe(500);
    release();
    expect((await first).status).toBe(503);
    // Once that render has ended, a 500 of the page is not taken for its outage.
    await expect.poll(() => requests.size).toBe(0);
    expect((await fetch(`${base}/rendering?joined`)).status).toBe(500);
  });

  it('keeps no request once it has ended, and a key sent by the client is replaced', async () => {
    await fetch(`${base}/fine`, { headers: { [REQUEST_KEY_HEADER]: 'chosen-by-client' } });
    expect(keysSeen.at(-1)).not.toBe('chosen-by-client');
    expect(keysSeen.at(-1)).toMatch(/^[0-9a-f-]{36}$/);
    // Known while it was handled (so it could be marked), forgotten once it ended.
    expect(openWhileHandled.every(Boolean)).toBe(true);
    await expect.poll(() => requests.size).toBe(0);
  });
});
