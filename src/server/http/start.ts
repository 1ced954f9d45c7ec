// `npm start`: builds when the production build is missing or older than the sources, then serves
// the site through Next's documented custom server (`next()` and its request handler), with what
// Next does not do itself around it (decision 061): the response guard (security headers, script
// hashes, scripts after the first paint, page validators), the outage 503, the 400 for an address
// that does not decode, timeouts and a graceful stop. Configuration checks, migrations and the
// inline queue worker start inside Next (src/instrumentation.ts). On SIGTERM the server stops
// taking requests, lets in-flight ones finish, stops the queue worker and closes the database,
// all within 10 s. Run by Node as it is (type stripping): its imports name their files.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import next from 'next';
import { uploadOrigins } from '../../security/policy.ts';
import { outageStatus, REQUESTS } from './outage-status.ts';
import { API_PATH, malformedPath, responseGuard } from './response-guard.ts';

const root = path.resolve(import.meta.dirname, '../../..');
process.chdir(root);
Object.assign(process.env, { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' });

const SOURCES = [
  'src',
  'messages',
  'content',
  'public',
  'drizzle',
  'next.config.ts',
  'package-lock.json',
  'postcss.config.mjs',
  'scripts/lib/compile-hints.mjs',
];
// What the build prerenders (the 404, the web manifest, the share images) carries the brand: a
// change needs a new build. Pages are rendered where the site runs (src/app/[locale]/layout.tsx).
const BUILD_VARS = ['SITE_NAME'];
const BUILD_ENV_FILE = path.join(root, '.next', 'build-env.json');
/** Shared with src/runtime.ts, which registers the runtime's stop there. */
const SHUTDOWN = Symbol.for('site.shutdown');

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

function buildIfStale() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  const buildEnv = JSON.stringify(Object.fromEntries(BUILD_VARS.map((k) => [k, process.env[k] ?? ''])));
  const builtEnv = existsSync(BUILD_ENV_FILE) ? readFileSync(BUILD_ENV_FILE, 'utf8') : '';
  if (builtAt > changedAt && builtEnv === buildEnv) return;
  if (!builtAt) console.log('No production build yet: building…');
  else if (builtAt <= changedAt) console.log('Sources changed since the last build: building…');
  else console.log('Configuration of the pages changed since the last build: building…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/.bin/next'), 'build'], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(BUILD_ENV_FILE, buildEnv);
}

/** A percent-escape that does not decode: Next would answer a bare 500. Logged as the API logs. */
function badAddress(req: IncomingMessage, res: ServerResponse) {
  const body = JSON.stringify({
    type: 'about:blank',
    title: 'Bad request',
    status: 400,
    detail: 'The address has a malformed percent-escape.',
  });
  res.writeHead(400, { 'Content-Type': 'application/problem+json', 'Content-Length': Buffer.byteLength(body) }).end(body);
  const path = (req.url ?? '').split('?')[0]!.slice(0, 200);
  console.log(
    JSON.stringify({ level: 30, time: Date.now(), service: 'site', method: req.method, path, status: 400, msg: 'malformed address' }),
  );
}

/** Next failed outside its own error handling: the request is ended, the server goes on. */
function failed(res: ServerResponse, err: unknown) {
  console.error(err);
  if (!res.headersSent) res.writeHead(500).end();
  else res.destroy();
}

async function main() {
  // PORT is validated with the rest of the configuration when the server prepares.
  const port = Number(process.env.PORT || 3000);
  buildIfStale();
  // `npm run cluster` builds once before it starts several servers on the same build.
  if (process.argv.includes('--build-only')) return;
  const app = next({ dev: false, dir: root, port, hostname: '0.0.0.0' });
  try {
    await app.prepare();
  } catch (err) {
    // A bad configuration names the variable; show that, not a stack trace.
    const cause = (err as { cause?: { name?: string; message?: string } })?.cause ?? err;
    console.error((cause as { name?: string })?.name === 'EnvError' ? (cause as Error).message : cause);
    process.exit(1);
  }
  const handle = app.getRequestHandler();
  // Open requests, for src/instrumentation.ts to mark those that met an outage (answered 503).
  const openRequests = new Map<string, boolean>();
  (globalThis as Record<symbol, unknown>)[REQUESTS] = openRequests;
  const answerOutagesWith503 = outageStatus(openRequests);
  const connectSources = uploadOrigins({ bucket: process.env.S3_BUCKET, endpoint: process.env.S3_ENDPOINT, region: process.env.S3_REGION });
  const guard = responseGuard({ connectSources });
  let stopping = false;
  // Timeouts are checked every second, so a client that sends its headers a byte at a time is
  // closed 10 s after it connected, not at Node's next 30 s check.
  const server = http.createServer({ connectionsCheckingInterval: 1000 }, (req, res) => {
    // The connection's address, for rate limits; a client cannot set this header itself.
    req.headers['x-site-socket-ip'] = req.socket.remoteAddress ?? '';
    // Next hides its router's headers from the proxy (src/proxy.ts), which counts job page visits
    // but not prefetches: it learns of one from this header, which a client cannot set either.
    if (req.headers['next-router-prefetch']) req.headers['x-site-prefetch'] = '1';
    else delete req.headers['x-site-prefetch'];
    // The API answers an outage with its own 503 (problem.ts); Next's pages need telling.
    if (!API_PATH.test(req.url ?? '')) answerOutagesWith503(req, res);
    guard(req, res);
    // While stopping, each connection closes after its response instead of idling on.
    if (stopping) res.setHeader('Connection', 'close');
    if (malformedPath(req.url ?? '/')) return badAddress(req, res);
    handle(req, res).catch((err: unknown) => failed(res, err));
  });
  // Headers within 10 s, a whole request (a 5 MB CV on a slow line) within 2 minutes. Behind a
  // proxy, idle connections outlive the proxy's own (60 s in nginx), so it never reuses one that
  // is being closed; without one, 5 s, Node's default.
  server.headersTimeout = 10_000;
  server.requestTimeout = 120_000;
  server.keepAliveTimeout = process.env.TRUSTED_PROXY_HEADER ? 65_000 : 5_000;
  server.listen(port, '0.0.0.0', () => console.log(`Ready on http://localhost:${port}`));

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests and stopping`);
    setTimeout(() => process.exit(1), 10_000).unref();
    // Requests get up to 7 s; keep-alive connections close as soon as they are idle.
    await new Promise((resolve) => {
      server.close(resolve);
      setInterval(() => server.closeIdleConnections(), 100).unref();
      setTimeout(() => server.closeAllConnections(), 7000).unref();
    });
    const stopRuntime = (globalThis as Record<symbol, unknown>)[SHUTDOWN];
    if (typeof stopRuntime === 'function') await (stopRuntime as () => Promise<void>)().catch((err: unknown) => console.error(err));
    await app.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
