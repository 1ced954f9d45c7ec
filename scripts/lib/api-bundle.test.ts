import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BUNDLE, bundleApi } from './api-bundle.mjs';
import { compressApiAnswer } from './api-compression.mjs';

// The bundle scripts/start.mjs serves /rest with, built and served here as it does.
const platform = { Request: globalThis.Request, Response: globalThis.Response };
let api: { fetch: (request: Request) => Response | Promise<Response> };
let server: http.Server;
let base: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'api-bundle-'));
  await bundleApi(process.cwd(), dir);
  ({ api } = await import(/* @vite-ignore */ pathToFileURL(path.join(dir, API_BUNDLE)).href));
  const serveApi = getRequestListener(api.fetch, { overrideGlobalObjects: false });
  server = http.createServer((req, res) => {
    compressApiAnswer(req, res);
    void serveApi(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => server?.close());

describe('the API bundle', () => {
  it('names Accept-Encoding in Vary once, and compresses a large answer for a client that accepts it', async () => {
    const small = await fetch(`${base}/rest/health`);
    expect(await small.json()).toEqual({ status: 'ok' });
    expect(small.headers.get('vary')).toBe('Accept-Encoding');
    expect(small.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);

    const large = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/rest/openapi.json`, { headers: { 'accept-encoding': 'gzip' } }, resolve),
    );
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers.vary).toBe('Accept-Encoding');
    const chunks: Buffer[] = [];
    for await (const chunk of large) chunks.push(chunk as Buffer);
    expect(JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8'))).toMatchObject({ openapi: expect.any(String) });
  });

  it("makes its answers with the adapter's Response, and leaves the process's own to Next", async () => {
    expect(globalThis.Request).toBe(platform.Request);
    expect(globalThis.Response).toBe(platform.Response);
    const res = await api.fetch(new Request(`${base}/rest/health`));
    // The adapter's class: written as it is, yet a Response to whoever reads it.
    expect(res.constructor).not.toBe(platform.Response);
    expect(res).toBeInstanceOf(platform.Response);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown address with problem details, under the request id the client sent', async () => {
    const res = await fetch(`${base}/rest/nothing-here`, { headers: { 'x-request-id': 'from-the-proxy_1' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('x-request-id')).toBe('from-the-proxy_1');
    expect(await res.json()).toMatchObject({
      detail: 'No API route for GET /rest/nothing-here.',
      instance: 'urn:request:from-the-proxy_1',
    });
    const forged = await fetch(`${base}/rest/health`, { headers: { 'x-request-id': 'a b<script>' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
  });

  it('leaves the packages the API uses only now and then to be loaded when first needed', () => {
    // The packages a server loads at start: those the bundle's entry imports statically.
    const entry = readFileSync(path.join(dir, API_BUNDLE), 'utf8');
    const loadedAtStart = [...entry.matchAll(/^import [^;]*? from "([^".][^"]*)";$/gm)].map((m) => m[1]);
    expect(loadedAtStart).toContain('pg');
    for (const onDemand of ['@aws-sdk/client-s3', '@aws-sdk/s3-request-presigner', 'pdfkit', '@react-email/components'])
      expect(loadedAtStart).not.toContain(onDemand);
    // The S3 client is there, in a chunk of its own.
    expect(entry).toMatch(/import\("\.\/chunks\/s3-storage-[\w-]+\.mjs"\)/);
  });
});
