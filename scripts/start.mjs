// `npm start`: builds when the production build is missing or older than the sources, then
// serves the site. Configuration checks, migrations and the inline queue worker start inside the
// server (src/instrumentation.ts). On SIGTERM the server stops taking requests, lets in-flight
// ones finish, stops the queue worker and closes the database, all within 10 s.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { API_BUNDLE } from './lib/api-bundle.mjs';
import { compressApiAnswer } from './lib/api-compression.mjs';
import { frontCache } from './lib/front-cache.mjs';
import { trimMallocRegularly } from './lib/malloc-trim.mjs';
import { outageStatus, REQUESTS } from './lib/outage-status.mjs';
import { API_PATH, malformedPath, responseGuard } from './lib/response-guard.mjs';
import { staticAssets } from './lib/static-assets.mjs';
import { uploadOrigins } from './lib/security-headers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED = '1';

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
  'scripts/lib/api-bundle.mjs',
  'scripts/lib/malloc-trim.c',
  'scripts/lib/malloc-trim.mjs',
  'scripts/lib/security-headers.mjs',
  // Imported by the sources, so built into them.
  'scripts/lib/if-none-match.mjs',
  'scripts/lib/page-changes.mjs',
  'scripts/lib/request-id.mjs',
  'scripts/lib/locale-picker-script.mjs',
];
// Prerendered pages carry these (links, brand, canonical URLs): a change needs a new build.
const BUILD_VARS = [
  'PUBLIC_URL',
  'SITE_NAME',
  'CLIENT_NAMES',
  'PARTNER_BADGES',
  'COMPANY_ADDRESS',
  'COMPANY_COUNTRY',
  'PRIVACY_EMAIL',
  'CV_RETENTION_DAYS',
  'SOCIAL_URL',
  'CONTRIBUTE_URL',
  'BLOG_URL',
  'SURVEY_URL_EN',
  'SURVEY_URL_ES',
  'POST_JOB_URL',
  'JOB_LISTING_DAYS',
  'APP_LOGIN_URL',
];
const BUILD_ENV_FILE = path.join(root, '.next', 'build-env.json');

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

function buildIfStale() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  // A build without the API's bundle (made before it existed) is built again.
  const builtAt = existsSync(buildId) && existsSync(path.join(root, '.next', API_BUNDLE)) ? statSync(buildId).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  const buildEnv = JSON.stringify(Object.fromEntries(BUILD_VARS.map((k) => [k, process.env[k] ?? ''])));
  const builtEnv = existsSync(BUILD_ENV_FILE) ? readFileSync(BUILD_ENV_FILE, 'utf8') : '';
  if (builtAt > changedAt && builtEnv === buildEnv) return;
  if (!builtAt) console.log('No production build yet: building…');
  else if (builtAt <= changedAt) console.log('Sources changed since the last build: building…');
  else console.log('Configuration of the pages changed since the last build: building…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(BUILD_ENV_FILE, buildEnv);
}

// Open requests, for src/instrumentation.ts to mark those that met an outage (answered 503).
const openRequests = new Map();
globalThis[REQUESTS] = openRequests;
const answerOutagesWith503 = outageStatus(openRequests);

/** A percent-escape that does not decode: Next would answer a bare 500. Logged as the API logs. */
function badAddress(req, res) {
  const body = JSON.stringify({
    type: 'about:blank',
    title: 'Bad request',
    status: 400,
    detail: 'The address has a malformed percent-escape.',
  });
  res.writeHead(400, { 'Content-Type': 'application/problem+json', 'Content-Length': Buffer.byteLength(body) }).end(body);
  console.log(
    JSON.stringify({
      level: 30,
      time: Date.now(),
      service: 'site',
      method: req.method,
      path: (req.url ?? '').split('?')[0].slice(0, 200),
      status: 400,
      msg: 'malformed address',
    }),
  );
}

async function main() {
  // PORT is validated with the rest of the configuration when the server prepares.
  const listenPort = Number(process.env.PORT || 3000);
  buildIfStale();
  // `npm run cluster` builds once before it starts several servers on the same build.
  if (process.argv.includes('--build-only')) return;
  if (!trimMallocRegularly(path.join(root, '.next'))) {
    console.log('The build has no memory trim helper (decision 059): the server runs without it.');
  }
  // The configuration as the build resolved it (routes, headers and redirects are in the build's
  // manifests): Next then neither compiles next.config.ts nor loads its plugins, whose native
  // compilers (SWC, twice) would hold some 40 MB of this server's memory for nothing.
  const { config } = JSON.parse(readFileSync(path.join(root, '.next', 'required-server-files.json'), 'utf8'));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: root, port: listenPort, hostname: '0.0.0.0' });
  try {
    await app.prepare();
  } catch (err) {
    // A bad configuration names the variable; show that, not a stack trace.
    const cause = err?.cause ?? err;
    console.error(cause?.name === 'EnvError' ? cause.message : cause);
    process.exit(1);
  }
  const handle = app.getRequestHandler();
  // The API is answered by Hono on Node directly, not through Next's routing (decision 038); the
  // runtime (database, queue) was started by Next's instrumentation above and is shared.
  const { api, countPageVisit, LOCALE_COOKIE } = await import(pathToFileURL(path.join(root, '.next', API_BUNDLE)).href);
  // Next keeps the platform's Request and Response: Hono must not replace them in this process.
  const serveApi = getRequestListener(api.fetch, { overrideGlobalObjects: false });
  const serveAsset = staticAssets(path.join(root, '.next'));
  // Pages Next answered from its cache, answered again from memory for a few seconds (decision 045).
  const front = frontCache({ localeCookie: LOCALE_COOKIE, visited: countPageVisit });
  const connectSources = uploadOrigins({ bucket: process.env.S3_BUCKET, endpoint: process.env.S3_ENDPOINT, region: process.env.S3_REGION });
  const guard = responseGuard({ sent: front.keep, connectSources });
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
    if (front.answer(req, res, stopping)) return;
    const toApi = API_PATH.test(req.url ?? '');
    // The API answers an outage with its own 503 (problem.ts); Next's pages need telling.
    if (!toApi) answerOutagesWith503(req, res);
    guard(req, res);
    // While stopping, each connection closes after its response instead of idling on.
    if (stopping) res.setHeader('Connection', 'close');
    if (malformedPath(req.url ?? '/')) return badAddress(req, res);
    if (toApi) {
      compressApiAnswer(req, res);
      serveApi(req, res).catch((err) => {
        console.error(err);
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
      return;
    }
    serveAsset(req, res)
      .then(
        (served) => served || front.pass(req, () => handle(req, res)),
        (err) => {
          console.error(err);
          if (!res.headersSent) return handle(req, res);
          res.destroy();
        },
      )
      .catch((err) => {
        // Next failed outside its own error handling: the request is ended, the server goes on.
        console.error(err);
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
  });
  // Headers within 10 s, a whole request (a 5 MB CV on a slow line) within 2 minutes. Behind a
  // proxy, idle connections outlive the proxy's own (60 s in nginx), so it never reuses one that
  // is being closed; without one, 5 s, Node's default.
  server.headersTimeout = 10_000;
  server.requestTimeout = 120_000;
  server.keepAliveTimeout = process.env.TRUSTED_PROXY_HEADER ? 65_000 : 5_000;
  server.listen(listenPort, '0.0.0.0', () => {
    console.log(`Ready on http://localhost:${listenPort}`);
  });

  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests and stopping`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Requests get up to 7 s; keep-alive connections close as soon as they are idle.
    await new Promise((resolve) => {
      server.close(resolve);
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      sweep.unref();
      setTimeout(() => server.closeAllConnections(), 7000).unref();
    });
    const stopRuntime = globalThis[Symbol.for('site.shutdown')];
    if (typeof stopRuntime === 'function') await stopRuntime().catch((err) => console.error(err));
    await app.close?.().catch?.(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main();
