import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobEventOf } from '@/features/jobs/job-visit';
import { localeCookie, locales, prefixes } from '@/i18n/locale-path';
import { LOCALE_COOKIE, LOCALES, PAGE_SECONDS, nginxConf, nginxSite } from './nginx-site.mjs';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Each node answers `/forwarded` with the forwarded host and port it was given (node "a" runs its source).
const forwarded = (req: http.IncomingMessage) =>
  req.url === '/forwarded' ? JSON.stringify([req.headers['x-forwarded-host'], req.headers['x-forwarded-port'] ?? null]) : undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** nginx with the site in front of these nodes, on a free port, once it answers. */
async function startProxy(dir: string, nodes: { nodes: string[]; apiNodes?: string[] }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const conf = path.join(dir, 'nginx.conf');
  const site = nginxSite({ listen: `127.0.0.1:${port}`, serverName: 'localhost', cacheDir: dir, ...nodes });
  writeFileSync(conf, nginxConf(dir, site));
  const proxy = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'nginx-error.log')], { stdio: 'inherit' });
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`${base}/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  return { proxy, base };
}

describe('the nginx site of the deployment recipe', () => {
  it('is nginxSite for two web nodes and two API nodes', () => {
    const recipe = readFileSync('deploy/nginx-site.conf', 'utf8');
    const site = nginxSite({
      listen: '80',
      serverName: 'www.acme-digital.example',
      nodes: ['10.0.0.11:3001', '10.0.0.12:3001'],
      apiNodes: ['10.0.0.11:3101', '10.0.0.12:3101'],
    });
    expect(recipe.endsWith(site)).toBe(true);
    expect(site).toContain('proxy_set_header X-Real-IP $remote_addr;');
  });

  it("keys pages by the site's locales and language cookie", () => {
    expect(LOCALES).toEqual([...locales]);
    expect(LOCALE_COOKIE).toBe(localeCookie.name);
    expect(PAGE_SECONDS).toBeLessThanOrEqual(3);
  });

  it('never caches a job page or its application page, in any locale spelling the site counts', () => {
    const site = nginxSite({ listen: '80', serverName: 'localhost', nodes: ['127.0.0.1:1'] });
    const jobs = new RegExp(/location ~ (\S+) \{\n {4}proxy_pass http:\/\/site_web;\n {2}\}/.exec(site.split('# A job page')[1]!)![1]!);
    // The same paths as nginx decodes them: the locales, their prefixes, and none.
    const firsts = ['', ...locales.map((l) => `/${l}`), ...Object.values(prefixes)];
    for (const first of firsts)
      for (const kind of ['specs', 'apply'])
        for (const board of ['all', 'frontendjobs', 'swisstechjobs']) {
          const page = `${first}/jobs/${board}/${kind}/k3x9-job_1`;
          expect(jobEventOf(page), page).not.toBeNull();
          expect(jobs.test(page), page).toBe(true);
        }
    for (const page of ['/jobs/all', '/sp/jobs/frontendjobs', '/jobs/all/feed.xml', '/about', '/sp/education/online-01-fs'])
      expect(jobs.test(page), page).toBe(false);
  });
});

// A node that stops closes its listener; the connections the kernel had completed but the node not
// yet accepted are reset after the proxy wrote its request. Node "a" below is made to hold such
// connections: it is kept busy for 1.5 s, then closes its listener. Requests sent in pairs during
// that time go one to each node (round robin); what the proxy does with the one sent to "a" is
// what is tested.
describe.skipIf(!existsSync(NGINX))('the nginx site, when a node stops with requests written to it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-site-'));
  let proxy: ChildProcess;
  let nodeA: ChildProcess;
  let nodeB: http.Server;
  let base: string;

  beforeAll(async () => {
    nodeA = spawn(
      process.execPath,
      [
        '-e',
        `const s = require('node:http').createServer((req, res) => { req.resume(); req.on('end', () => res.end((${forwarded})(req) ?? 'a')); });
         s.listen(0, '127.0.0.1', () => process.send(s.address().port));
         process.on('message', () => { const t = Date.now(); while (Date.now() - t < 1500); s.close(); });`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    const portA = await new Promise<number>((resolve) => nodeA.once('message', (port) => resolve(Number(port))));
    nodeB = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end(forwarded(req) ?? 'b'));
    });
    await new Promise<void>((resolve) => nodeB.listen(0, '127.0.0.1', resolve));
    const portB = (nodeB.address() as AddressInfo).port;
    ({ proxy, base } = await startProxy(dir, { nodes: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`] }));
  });

  afterAll(() => {
    proxy?.kill();
    nodeA?.kill();
    nodeB?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes on the host the client asked for as the forwarded host, never a forwarded host or port of the client's own", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/forwarded`, { headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-port': '8443' } });
      expect(await res.json()).toEqual([new URL(base).host, null]);
    }
  });

  it('sends reads, job searches and forms with an Idempotency-Key to the other node; any other POST gets 502', async () => {
    const kinds = {
      page: () => fetch(`${base}/about`),
      search: () => fetch(`${base}/rest/jobs/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      keyedForm: () =>
        fetch(`${base}/rest/form`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'k7FqR2xLmN9pQ4sT6vW8yZ' },
          body: '{}',
        }),
      form: () => fetch(`${base}/rest/form`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    };
    nodeA.send('stop');
    await sleep(100);
    const answers: Promise<[string, string]>[] = [];
    for (const [kind, send] of Object.entries(kinds)) {
      for (let i = 0; i < 2; i++) {
        answers.push(send().then(async (res) => [kind, `${res.status} ${res.status === 200 ? await res.text() : ''}`.trim()]));
        await sleep(20);
      }
    }
    const byKind: Record<string, string[]> = {};
    for (const [kind, answer] of await Promise.all(answers)) (byKind[kind] ??= []).push(answer);
    expect(byKind).toEqual({
      page: ['200 b', '200 b'],
      search: ['200 b', '200 b'],
      keyedForm: ['200 b', '200 b'],
      form: expect.arrayContaining(['200 b', '502']),
    });
  });
});

describe.skipIf(!existsSync(NGINX))('the nginx site with API nodes apart', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-site-api-'));
  let proxy: ChildProcess;
  const nodes: http.Server[] = [];
  let base: string;

  /** A node that answers every request with its name. */
  const node = async (name: string) => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end(name));
    });
    nodes.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    // The first API node refuses connections, so each request goes to the second whichever way it
    // was routed in: through the retries' named location or not.
    const refused = `127.0.0.1:${await freePort()}`;
    ({ proxy, base } = await startProxy(dir, { nodes: [await node('web')], apiNodes: [refused, await node('api')] }));
  });

  afterAll(() => {
    proxy?.kill();
    for (const n of nodes) n.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends /rest and everything under it to the API nodes, every other address to the web nodes', async () => {
    const json = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    const answers = {
      '/': await fetch(`${base}/`),
      '/es/jobs/all': await fetch(`${base}/es/jobs/all`),
      '/restaurant': await fetch(`${base}/restaurant`),
      '/jobs/rest': await fetch(`${base}/jobs/rest`),
      '/rest': await fetch(`${base}/rest`),
      '/rest?lang=es': await fetch(`${base}/rest?lang=es`),
      '/rest/health': await fetch(`${base}/rest/health`),
      'POST /rest/jobs/search': await fetch(`${base}/rest/jobs/search`, json),
      'POST /rest/form': await fetch(`${base}/rest/form`, json),
      'POST /rest/form with a key': await fetch(`${base}/rest/form`, {
        ...json,
        headers: { ...json.headers, 'idempotency-key': 'k7FqR2xLmN9pQ4sT6vW8yZ' },
      }),
    };
    const names = Object.fromEntries(await Promise.all(Object.entries(answers).map(async ([k, r]) => [k, await r.text()])));
    expect(names).toEqual({
      '/': 'web',
      '/es/jobs/all': 'web',
      '/restaurant': 'web',
      '/jobs/rest': 'web',
      '/rest': 'api',
      '/rest?lang=es': 'api',
      '/rest/health': 'api',
      'POST /rest/jobs/search': 'api',
      'POST /rest/form': 'api',
      'POST /rest/form with a key': 'api',
    });
  });
});

/** What the fake node below was asked: each request's path, If-None-Match and request id. */
interface Seen {
  path: string;
  ifNoneMatch?: string;
  requestId?: string;
}

// A node that answers as the site does (Cache-Control, weak ETags, 304s, Set-Cookie, Vary), so that
// what nginx keeps and what it passes on can be counted.
describe.skipIf(!existsSync(NGINX))("the nginx site's cache and compression", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-site-cache-'));
  let proxy: ChildProcess;
  let node: http.Server;
  let base: string;
  const seen: Seen[] = [];
  const asked = (p: string) => seen.filter((s) => s.path === p).length;
  // The version of /versioned, changed by a test.
  let version = 1;
  // Whether /versioned answers the outage 503.
  let outage = false;
  const shared = 's-maxage=31536000';
  const text = 'All the jobs of the board, and the text around them. '.repeat(200);

  beforeAll(async () => {
    node = http.createServer((req, res) => {
      const url = new URL(req.url!, 'http://node');
      seen.push({
        path: url.pathname,
        ifNoneMatch: req.headers['if-none-match'],
        requestId: req.headers['x-request-id'] as string | undefined,
      });
      const page = (body: string, headers: Record<string, string> = {}, status = 200) => {
        const etag = `W/"${Buffer.from(body).toString('base64url').slice(-16)}"`;
        if (status === 200 && req.headers['if-none-match'] === etag) {
          res.writeHead(304, { ETag: etag, 'Cache-Control': shared, ...headers });
          return res.end();
        }
        res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': shared, ETag: etag, ...headers });
        res.end(body);
      };
      const language = `${req.headers.cookie ?? ''} | ${req.headers['accept-language'] ?? ''}`;
      if (url.pathname === '/versioned') {
        if (outage) return page('try again', { 'Cache-Control': 'private, no-store', 'Retry-After': '30' }, 503);
        return page(`version ${version}`);
      }
      if (url.pathname === '/slow') return void setTimeout(() => page('rendered once'), 300);
      if (url.pathname === '/language') return page(language);
      if (url.pathname === '/rendered-per-request')
        return page('yours', { 'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate' });
      if (url.pathname === '/revalidated-each-time') return page('robots', { 'Cache-Control': 'public, max-age=0, must-revalidate' });
      if (url.pathname === '/sets-a-cookie') return page('first visit', { 'Set-Cookie': 'NEXT_LOCALE=en; Path=/' });
      if (url.pathname === '/text') {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        return res.end(text);
      }
      if (url.pathname === '/compressed') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br', 'Cache-Control': 'no-store' });
        return res.end(Buffer.alloc(4000, 7));
      }
      if (url.pathname.startsWith('/_next/static/')) {
        res.writeHead(200, {
          'Content-Type': 'application/javascript; charset=UTF-8',
          'Cache-Control': 'public, max-age=31536000, immutable',
          'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'self'",
        });
        return res.end('console.log(1)');
      }
      // Every other address (a job page, the office, the API, the home page): a page any shared
      // cache could keep, as far as its headers say.
      page(`${url.pathname} ${asked(url.pathname)}`);
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    ({ proxy, base } = await startProxy(dir, { nodes: [`127.0.0.1:${(node.address() as AddressInfo).port}`] }));
  });

  afterAll(() => {
    proxy?.kill();
    node?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${p}`, { headers });
    return { status: res.status, cache: res.headers.get('x-cache-status'), body: await res.text(), headers: res.headers };
  };

  it('answers a page from its cache, each answer with a request id of its own', async () => {
    const first = await get('/about', { 'x-request-id': 'first-visit' });
    const [second, third] = [await get('/about', { 'x-request-id': 'second-visit' }), await get('/about')];
    expect([first.cache, second.cache, third.cache]).toEqual(['MISS', 'HIT', 'HIT']);
    expect(new Set([first.body, second.body, third.body]).size).toBe(1);
    expect(asked('/about')).toBe(1);
    expect(seen.find((s) => s.path === '/about')!.requestId).toBe('first-visit');
    expect(first.headers.get('x-request-id')).toBe('first-visit');
    expect(second.headers.get('x-request-id')).toBe('second-visit');
    expect(third.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it(`keeps a page ${PAGE_SECONDS} s, then asks again with its ETag: a change is answered within 5 s`, async () => {
    expect((await get('/versioned')).body).toBe('version 1');
    expect((await get('/versioned')).cache).toBe('HIT');
    // Unchanged: the node answers 304 and nginx keeps the page it has.
    await new Promise((resolve) => setTimeout(resolve, (PAGE_SECONDS + 1) * 1000));
    const revalidated = await get('/versioned');
    expect([revalidated.cache, revalidated.body]).toEqual(['REVALIDATED', 'version 1']);
    expect(seen.filter((s) => s.path === '/versioned').map((s) => s.ifNoneMatch)).toEqual([undefined, expect.stringMatching(/^W\//)]);
    // Changed: the new page, within 5 s of the change.
    version = 2;
    const changed = Date.now();
    while ((await get('/versioned')).body !== 'version 2') await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Date.now() - changed).toBeLessThan(5000);
  });

  it('sends one request per page to the node, however many wait for it', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/slow')));
    expect(answers.map((a) => a.body)).toEqual(answers.map(() => 'rendered once'));
    expect(asked('/slow')).toBe(1);
  });

  it('answers the page it has while the node answers the outage 503', async () => {
    await get('/versioned');
    outage = true;
    try {
      await new Promise((resolve) => setTimeout(resolve, (PAGE_SECONDS + 1) * 1000));
      const stale = await get('/versioned');
      expect([stale.status, stale.cache, stale.body]).toEqual([200, 'STALE', 'version 2']);
    } finally {
      outage = false;
    }
  });

  it('keeps the pages of each language cookie apart, and of each Accept-Language without one', async () => {
    const es = { cookie: 'theme=dark; NEXT_LOCALE=es' };
    const fr = { cookie: 'NEXT_LOCALE=fr' };
    const german = { 'accept-language': 'de-DE,de;q=0.9' };
    const answers = [await get('/language', es), await get('/language', fr), await get('/language', german), await get('/language')];
    expect(answers.map((a) => a.cache)).toEqual(['MISS', 'MISS', 'MISS', 'MISS']);
    expect(new Set(answers.map((a) => a.body)).size).toBe(4);
    expect(answers.map((a) => a.body.split(' | ')[0])).toEqual(['theme=dark; NEXT_LOCALE=es', 'NEXT_LOCALE=fr', '', '']);
    expect(answers[2]!.body).toContain('de-DE,de;q=0.9');
    // With the cookie, Accept-Language does not matter (next-intl reads the cookie alone).
    const again = [
      await get('/language', { ...es, 'accept-language': 'it' }),
      await get('/language', fr),
      await get('/language', german),
      await get('/language'),
    ];
    expect(again.map((a) => a.cache)).toEqual(['HIT', 'HIT', 'HIT', 'HIT']);
    expect(again.map((a) => a.body)).toEqual(answers.map((a) => a.body));
  });

  it('never answers from the cache, nor keeps, the requests of an office member or a language cookie Next could read otherwise', async () => {
    for (const cookie of [
      'office.session_token=abc.def',
      '__Secure-office.session_token=abc',
      'NEXT_LOCALE=es; NEXT_LOCALE=fr',
      'NEXT_LOCALE=%65s',
      'next_locale=es',
      'a=b, NEXT_LOCALE=es',
      '__prerender_bypass=1',
    ]) {
      const answers = [await get('/language', { cookie }), await get('/language', { cookie })];
      expect(
        answers.map((a) => a.cache),
        cookie,
      ).toEqual(['BYPASS', 'BYPASS']);
    }
    const authorized = [
      await get('/authorized', { authorization: 'Basic eDp5' }),
      await get('/authorized', { authorization: 'Basic eDp5' }),
    ];
    expect(authorized.map((a) => a.cache)).toEqual(['BYPASS', 'BYPASS']);
  });

  it('never keeps an answer that sets a cookie or that the site says is not shared', async () => {
    for (const p of ['/sets-a-cookie', '/rendered-per-request', '/revalidated-each-time']) {
      await get(p);
      expect((await get(p)).cache, p).toBe('MISS');
      expect(asked(p), p).toBe(2);
    }
  });

  it('sends every visit of a job page, the office and the API to the node, as the site answers them', async () => {
    const never = [
      '/jobs/all/specs/abc',
      '/sp/jobs/frontendjobs/specs/abc',
      '/de/jobs/all/apply/abc',
      '/en/jobs/all/specs/abc',
      '/jobs//all/specs/abc',
      '/jobs/all/sp%65cs/abc',
      '/office',
      '/office/leads',
      '/rest/jobs/abc',
    ];
    for (const p of never) {
      const [first, second] = [await get(p), await get(p)];
      expect([first.cache, second.cache], p).toEqual([null, null]);
    }
    expect(never.map((p) => seen.filter((s) => s.path === p).length)).toEqual(never.map(() => 2));
    // A board is not a job page: kept.
    await get('/jobs/all');
    expect((await get('/jobs/all')).cache).toBe('HIT');
  });

  it("keeps Next's build files with the node's security headers", async () => {
    const asset = '/_next/static/chunks/0a1b2c.js';
    const [first, second] = [await get(asset), await get(asset)];
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT']);
    for (const name of ['strict-transport-security', 'x-content-type-options', 'content-security-policy', 'cache-control'])
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    expect(second.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asked(asset)).toBe(1);
  });

  it('gzips what the node sent uncompressed, and leaves what it compressed', async () => {
    const plain = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/text`, { headers: { 'accept-encoding': 'gzip' } }, resolve),
    );
    const body = Buffer.concat(await plain.toArray());
    expect(plain.headers['content-encoding']).toBe('gzip');
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(body.length).toBeLessThan(text.length / 10);
    expect(gunzipSync(body).toString()).toBe(text);
    const brotli = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/compressed`, { headers: { 'accept-encoding': 'gzip, br' } }, resolve),
    );
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(Buffer.concat(await brotli.toArray())).toEqual(Buffer.alloc(4000, 7));
    // Without Accept-Encoding, as sent.
    const identity = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/text`, resolve));
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(Buffer.concat(await identity.toArray()).toString()).toBe(text);
  });
});
