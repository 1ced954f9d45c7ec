import 'server-only';
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { database } from '../db';
import { AppError } from '../errors';
import { features, type FeatureModule } from '../features';
import { createRouter, type ApiEnv } from './app-router';
import { problemResponse } from './problem';
import { logRequest, setRequestContext } from './request-context';
import { officeApi } from '../office/office-routes';

export { createRouter };

const JSON_BODY_LIMIT = 64 * 1024;
/** An office import carries its file (up to 1 MB of text) inside the JSON body. */
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;
const IMPORT_PATH = /^\/rest\/office\/[a-z-]+\/import(\/preview)?$/;
const READY_TIMEOUT_MS = 2000;

const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Site API',
    version: '1.0.0',
    description: 'Public REST API of the site. Errors are application/problem+json (RFC 9457).',
  },
};

const Status = z.object({ status: z.enum(['ok', 'unavailable']) }).openapi('Status');

const health = createRoute({
  method: 'get',
  path: '/health',
  summary: 'Liveness: the process answers',
  responses: { 200: { description: 'Alive', content: { 'application/json': { schema: Status } } } },
});

const ready = createRoute({
  method: 'get',
  path: '/ready',
  summary: 'Readiness: the database answers within 2 s',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: Status } } },
    503: { description: 'Database unreachable', content: { 'application/problem+json': { schema: z.object({}).passthrough() } } },
  },
});

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether every string of a JSON body can be stored: PostgreSQL refuses U+0000 in text and jsonb,
 * and a lone surrogate ("\\ud800", which JSON allows) in jsonb; no form needs either. A body that is
 * not JSON passes: its route answers that.
 */
function storableJson(text: string): boolean {
  // Decoded from UTF-8, the text itself holds no lone surrogate: only a NUL, or an escape of one
  // or of a surrogate, needs the whole body parsed (most bodies have none).
  if (!/\u0000|\\u(0000|d[89a-f])/i.test(text)) return true;
  let storable = true;
  const check = (s: string) => {
    if (s.includes('\u0000') || !s.isWellFormed()) storable = false;
  };
  try {
    JSON.parse(text, (key: string, value: unknown) => {
      check(key);
      if (typeof value === 'string') check(value);
      return value;
    });
  } catch {
    return true;
  }
  return storable;
}

/**
 * What every request must pass before its route: an address a route can have, and a JSON body
 * within its limit that the database can store. Throws the AppError that answers it; a promise
 * only when the body has to be read.
 */
function checkRequest(c: Context<ApiEnv>): Promise<void> | undefined {
  // No route has U+0000 in an address, and PostgreSQL cannot compare text with it (a 500 otherwise).
  if (/%00|\u0000/.test(c.req.url)) throw new AppError('not_found', 'No API route for this address.');
  // JSON endpoints take JSON only; uploads (PUT of a raw file) bring their own checks, and the
  // one-click unsubscribe takes whatever a mail client posts (RFC 8058 uses a form).
  if ((c.req.method !== 'POST' && c.req.method !== 'PATCH') || c.req.path.startsWith('/rest/newsletter/unsubscribe/')) return;
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError('unsupported_media_type', 'Send the request body as application/json.');
  }
  const limit = IMPORT_PATH.test(c.req.path) ? IMPORT_BODY_LIMIT : JSON_BODY_LIMIT;
  const tooLarge = () => {
    throw new AppError('payload_too_large', `The request body is larger than ${limit} bytes.`);
  };
  return (async () => {
    // A declared length is enough (Node reads no byte past it). Only a body without one is
    // counted as it streams: that needs the platform's Request, whose abort signal each request
    // would otherwise hold in a finalization registry until a full garbage collection.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (!/^\d+$/.test(length) || Number(length) > limit) tooLarge();
    } else {
      c.req.raw = await bufferedWithin(c.req.raw, limit, tooLarge);
    }
    // Checked before any route reads the body, so no rate limit counts a body refused here.
    if (!storableJson(await c.req.text())) {
      throw new AppError('validation', 'Text may not contain U+0000 or a lone UTF-16 surrogate.', {
        errors: [{ path: '', message: 'invalidCharacters' }],
      });
    }
  })();
}

/** Applies the API's middleware and error handling to any router (the API and tests). */
export function withConventions<T extends OpenAPIHono<ApiEnv>>(app: T): T {
  // One middleware for the context, the checks and the log: in a process where Next keeps its
  // AsyncLocalStorage, every promise pays for async hooks, and each level of middleware costs a
  // small answer about a tenth of its time.
  app.use('*', async (c, next) => {
    const started = performance.now();
    setRequestContext(c);
    try {
      const reading = checkRequest(c);
      if (reading) await reading;
    } catch (err) {
      c.res = problemResponse(c, err);
    }
    if (!c.finalized) await next();
    logRequest(c, started);
  });
  app.onError((err, c) => problemResponse(c, err));
  app.notFound((c) => problemResponse(c, new AppError('not_found', `No API route for ${c.req.method} ${c.req.path}.`)));
  return app;
}

/**
 * The API, with the routes of `list`. The API route passes its own bundle's list: a route handler
 * of another bundle (the instrumentation's, which installed the process's list first) would throw
 * its own copy of AppError, which this bundle's problem details would not recognize. Served by
 * `npm start`, its answers are compressed as Node writes them (scripts/lib/api-compression.mjs);
 * under `next dev`, Next compresses them.
 */
export function createApi(list: readonly FeatureModule[] = features()) {
  const router = createRouter().basePath('/rest');
  const api = withConventions(router);
  api.openapi(health, (c) => c.json({ status: 'ok' as const }, 200));
  api.openapi(ready, async (c) => {
    try {
      await withTimeout(
        database().then((db) => db.query('select 1')),
        READY_TIMEOUT_MS,
      );
    } catch {
      throw new AppError('unavailable', 'The database is unreachable.', { retryAfterSeconds: 5 });
    }
    return c.json({ status: 'ok' as const }, 200);
  });
  for (const feature of list) if (feature.routes) api.route('/', feature.routes);
  api.route('/office', officeApi(list.flatMap((f) => (f.office ? [f.office] : []))));
  // The document describes the routes above, which do not change while the process runs: it is
  // generated and serialized at its first request, then the same text answers every other.
  let openApiJson: string | undefined;
  api.get('/openapi.json', (c) => {
    openApiJson ??= JSON.stringify(api.getOpenAPI31Document(OPENAPI_DOCUMENT));
    return c.body(openApiJson, 200, { 'Content-Type': 'application/json' });
  });
  return api;
}

/**
 * The request with its body read into memory, or `tooLarge()` as soon as more than `limit` bytes
 * have come (a chunked body declares no length).
 */
async function bufferedWithin(request: Request, limit: number, tooLarge: () => never): Promise<Request> {
  if (!request.body) return request;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.length;
    if (size > limit) {
      await reader.cancel();
      tooLarge();
    }
    chunks.push(read.value);
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body: Buffer.concat(chunks) });
}
