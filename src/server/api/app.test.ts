import '@/features';
import { createRoute, z } from '@hono/zod-openapi';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../log';
import { createApi, createRouter, withConventions } from './app';

// A router with the API's conventions and a few routes that fail in known ways.
const app = withConventions(createRouter().basePath('/rest'));
app.openapi(
  createRoute({
    method: 'post',
    path: '/echo',
    request: { body: { content: { 'application/json': { schema: z.strictObject({ name: z.string().min(3), email: z.email() }) } } } },
    responses: { 200: { description: 'ok' } },
  }),
  (c) => c.json(c.req.valid('json')),
);
app.get('/boom', () => {
  throw new Error('password=hunter2 at /srv/secret.ts:42');
});
app.get('/db-down', () => {
  throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
});

const post = (body: string, type = 'application/json') =>
  app.request('/rest/echo', { method: 'POST', body, headers: { 'content-type': type } });

describe('API errors are problem+json', () => {
  it('accepts a valid body', async () => {
    const res = await post(JSON.stringify({ name: 'Ada', email: 'ada@example.com' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('400 for malformed JSON', async () => {
    const res = await post('{"name": "Ada",');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({ type: 'about:blank', title: 'Bad request', status: 400 });
  });

  it('415 for a body that is not JSON', async () => {
    const res = await post('name=Ada', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ status: 415, title: 'Unsupported media type' });
  });

  it('413 for an oversized body', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(70_000), email: 'a@example.com' }));
    expect(res.status).toBe(413);
  });

  it('422 with the failing fields, unknown keys included', async () => {
    const res = await post(JSON.stringify({ name: 'Al', email: 'not-an-email', admin: true }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: { path: string }[] };
    expect(body).toMatchObject({ status: 422, title: 'Validation failed' });
    expect(body.errors.map((e) => e.path).sort()).toEqual(['admin', 'email', 'name']);
  });

  it('404 JSON for an unknown API path, with the request id', async () => {
    const res = await app.request('/rest/nowhere');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const id = res.headers.get('x-request-id');
    expect(await res.json()).toMatchObject({ status: 404, instance: `urn:request:${id}` });
  });

  it('500 without internals', async () => {
    const res = await app.request('/rest/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/hunter2|secret\.ts|at \//);
    expect(JSON.parse(text)).toMatchObject({ status: 500, detail: 'An unexpected error occurred.' });
  });

  it('503 with Retry-After when a dependency is down', async () => {
    const res = await app.request('/rest/db-down');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('logs each request once with the status it got, one refused before its route too', async () => {
    const key = Symbol.for('site.logger');
    const g = globalThis as typeof globalThis & { [key]?: unknown };
    const before = g[key];
    const lines: { msg?: string; path?: string; status?: number; reqId?: string }[] = [];
    g[key] = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    try {
      await post('name=Ada', 'application/x-www-form-urlencoded');
      await post(JSON.stringify({ name: 'Ada', email: 'ada@example.com' }));
    } finally {
      g[key] = before;
    }
    const logged = lines.filter((l) => l.msg === 'api request');
    expect(logged.map((l) => [l.path, l.status])).toEqual([
      ['/rest/echo', 415],
      ['/rest/echo', 200],
    ]);
    expect(logged.every((l) => typeof l.reqId === 'string' && l.reqId.length > 8)).toBe(true);
  });
});

describe('body limits on Node, as `npm start` serves the API', () => {
  /** Sends a body in chunks to the router served by Hono's Node adapter; `length` declares its size. */
  async function send(chunks: string[], length?: number) {
    const server = http.createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const headers: Record<string, string | number> = { 'content-type': 'application/json' };
        if (length !== undefined) headers['content-length'] = length;
        const req = http.request({ port, method: 'POST', path: '/rest/echo', headers }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        // The server may answer before the whole body is sent.
        req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
        for (const chunk of chunks) req.write(chunk);
        req.end();
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }
  const valid = JSON.stringify({ name: 'Ada', email: 'ada@example.com' });
  const oversized = JSON.stringify({ name: 'x'.repeat(70_000), email: 'a@example.com' });

  it('takes a body of its declared length', async () => {
    const res = await send([valid], Buffer.byteLength(valid));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it('refuses a declared length over the limit with 413', async () => {
    const res = await send([oversized], Buffer.byteLength(oversized));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ status: 413 });
  });

  it('counts a body sent without a length (chunked) and refuses it past the limit with 413', async () => {
    const ok = await send([valid.slice(0, 10), valid.slice(10)]);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ name: 'Ada', email: 'ada@example.com' });
    const res = await send([oversized.slice(0, 40_000), oversized.slice(40_000)]);
    expect(res.status).toBe(413);
  });
});

describe('the real API', () => {
  it('answers health and publishes an OpenAPI 3.1 document', async () => {
    const api = createApi();
    expect(await (await api.request('/rest/health')).json()).toEqual({ status: 'ok' });
    const doc = (await (await api.request('/rest/openapi.json')).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/rest/health', '/rest/ready']));
  });

  it('builds the OpenAPI document once, at its first request, and answers the same text after', async () => {
    const api = createApi();
    const build = vi.spyOn(api, 'getOpenAPI31Document');
    const first = await api.request('/rest/openapi.json');
    const second = await api.request('/rest/openapi.json');
    expect(first.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('application/json');
    expect(await second.text()).toBe(await first.text());
    expect(build).toHaveBeenCalledTimes(1);
  });
});
