import 'server-only';
import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { Db } from '@/server/db';
import type { Context } from 'hono';
import { createRouter, jsonContent, type ApiEnv } from '@/server/api/app-router';
import { validationError } from '@/server/api/problem';
import { AppError } from '@/server/errors';
import { env } from '@/server/env';
import { JobCard, JobCountResponse, JobSearchQuery, JobSearchRequest, JobSearchResponse } from '../schema';
import { MAX_ASKED_LENGTH, applyClickTarget, countMatchingJobs, getJob, recentSearchJson, searchJobsJson, toCard } from './jobs-service';
import { escapeHtml } from '@/server/html/sanitize';
import { ifNoneMatches } from '@/server/api/if-none-match';

const IdParam = z.object({ id: z.string().min(1).max(64) });
const LocaleQuery = JobSearchQuery.pick({ locale: true });

const search = createRoute({
  method: 'post',
  path: '/jobs/search',
  summary: 'Search jobs (a page, newest first), or count them with ?count=true',
  request: { query: JobSearchQuery, body: { content: { 'application/json': { schema: JobSearchRequest } }, required: true } },
  responses: {
    200: jsonContent(
      z.union([JobSearchResponse, JobCountResponse]),
      'A page of job cards and the cursor of the next page (null on the last), or {Count}',
    ),
    400: { description: 'Malformed JSON or a cursor that is not ours' },
    422: { description: 'Invalid search' },
  },
});

// The same search by GET, its request in `q` as the JSON POST takes: a browser keeps the answer
// with its ETag and asks again with If-None-Match, answered 304 without a body while it is current.
const SearchByGetQuery = JobSearchQuery.extend({
  q: z.string().max(2000).optional().openapi({ description: 'The JSON body of POST /jobs/search; none is an unfiltered search' }),
});
const searchByGet = createRoute({
  method: 'get',
  path: '/jobs/search',
  summary: 'The search of POST /jobs/search, its body in ?q: with an ETag, and 304 to a copy that is still current',
  request: { query: SearchByGetQuery },
  responses: {
    200: jsonContent(z.union([JobSearchResponse, JobCountResponse]), 'As POST /jobs/search'),
    304: { description: 'The copy named by If-None-Match is current' },
    400: { description: 'q is not JSON, or a cursor that is not ours' },
    422: { description: 'Invalid search' },
  },
});

/** A page of the search, or its count (`count`), as UTF-8 JSON. */
async function searchAnswer(
  c: Context<ApiEnv>,
  request: JobSearchRequest,
  query: z.infer<typeof JobSearchQuery>,
): Promise<Buffer<ArrayBuffer>> {
  const db = await c.var.db();
  if (query.count === 'true') return Buffer.from(JSON.stringify(await countMatchingJobs(db, request.search)));
  const options = { after: request.lastEvaluatedKey, pageSize: query.pageSize, locale: query.locale };
  return searchJobsJson(db, request.search, options, asked.get(c.req.raw));
}

// A search asked again in the same bytes (method, address, and a POST's type and body) is answered
// from the page it was answered before, without its validation, which with the handler's own key
// work costs about half of a search's JavaScript (decision 049); the page must still be the one
// kept for its search.
const asked = new WeakMap<Request, string>();
async function askedOf(c: Context<ApiEnv>): Promise<string | undefined> {
  const url = c.req.url;
  const target = url.slice(url.indexOf('/', url.indexOf('//') + 2));
  if (c.req.method === 'GET') return `GET ${target}`;
  if (c.req.method !== 'POST') return undefined;
  // Longer requests are not kept (searchJobsJson): no need to make their key.
  const body = await c.req.text();
  return body.length + target.length > MAX_ASKED_LENGTH ? undefined : `POST ${target}\n${c.req.header('content-type') ?? ''}\n${body}`;
}

/** A page of the search as the API answers it; by GET (and HEAD) with its ETag, and 304 to a copy that is still current. */
function searchBody(c: Context<ApiEnv>, answer: Buffer<ArrayBuffer>) {
  if (c.req.method !== 'POST') {
    // Asked again each time (the board changes with every job), answered 304 while the same.
    const etag = etagOf(answer);
    c.header('ETag', etag);
    c.header('Cache-Control', 'no-cache');
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && ifNoneMatches(ifNoneMatch, etag)) return c.body(null, 304);
  }
  return c.body(answer, 200, { 'Content-Type': 'application/json' });
}

/** The validator of an answer, worked out once for a page kept in memory (the same bytes). */
const etags = new WeakMap<Buffer, string>();
function etagOf(answer: Buffer): string {
  let etag = etags.get(answer);
  if (!etag) etags.set(answer, (etag = `W/"${createHash('sha1').update(answer).digest('base64url')}"`));
  return etag;
}

const getCard = createRoute({
  method: 'get',
  path: '/jobs/{id}',
  summary: 'A job card',
  request: { params: IdParam, query: LocaleQuery },
  responses: { 200: jsonContent(JobCard, 'The job'), 404: { description: 'Unknown or expired' } },
});

const getDescription = createRoute({
  method: 'get',
  path: '/jobs/{id}/description',
  summary: 'Where to read the full description of a job',
  request: { params: IdParam },
  responses: {
    200: jsonContent(
      z.object({ position: z.string(), company: z.string().nullable(), url: z.string() }),
      'Position, company and the URL of the sanitized HTML',
    ),
    404: { description: 'Unknown, expired, or without a description' },
  },
});

const applyClick = createRoute({
  method: 'get',
  path: '/jobs/{id}/apply-click',
  summary: "A click on a job's Apply: counted, then on to where the job is applied for",
  request: { params: IdParam },
  responses: {
    303: { description: "To the job's own application page, as stored with it, or to the application form of this site" },
    404: { description: 'Unknown or expired' },
  },
});

async function jobWithDescription(db: Db, id: string) {
  const job = await getJob(db, id);
  if (!job?.descriptionHtml) throw new AppError('not_found', 'No description for this job.');
  return job;
}

const router = createRouter();
router.use('/jobs/search', async (c, next) => {
  const request = await askedOf(c);
  const answer = request === undefined ? undefined : recentSearchJson(request);
  if (answer) return searchBody(c, answer);
  if (request !== undefined) asked.set(c.req.raw, request);
  await next();
});

export const jobsRoutes = router
  .openapi(search, async (c) => searchBody(c, await searchAnswer(c, c.req.valid('json'), c.req.valid('query'))))
  .openapi(searchByGet, async (c) => {
    const { q, ...query } = c.req.valid('query');
    let body: unknown = {};
    try {
      if (q !== undefined) body = JSON.parse(q);
    } catch {
      throw new AppError('bad_request', 'q is not JSON.');
    }
    const request = JobSearchRequest.safeParse(body);
    if (!request.success) throw validationError(request.error);
    return searchBody(c, await searchAnswer(c, request.data, query));
  })
  .openapi(getCard, async (c) => {
    const job = await getJob(await c.var.db(), c.req.valid('param').id);
    if (!job) throw new AppError('not_found', 'No such job.');
    return c.json(toCard(job, c.req.valid('query').locale), 200);
  })
  .openapi(applyClick, async (c) => {
    const target = await applyClickTarget(await c.var.db(), c.req.valid('param').id, c.req.raw.headers);
    if (!target) throw new AppError('not_found', 'No such job.');
    c.header('Cache-Control', 'no-store');
    return c.redirect(target, 303);
  })
  .openapi(getDescription, async (c) => {
    const job = await jobWithDescription(await c.var.db(), c.req.valid('param').id);
    return c.json({ position: job.position, company: job.company, url: `${env().PUBLIC_URL}/rest/jobs/${job.id}/description.html` }, 200);
  });

// The description as a document of its own: sanitized when stored, and sandboxed here too.
jobsRoutes.get('/jobs/:id/description.html', async (c) => {
  const job = await jobWithDescription(await c.var.db(), c.req.param('id'));
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; sandbox; frame-ancestors 'self'",
  );
  return c.html(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(job.position)}</title></head><body>${job.descriptionHtml}</body></html>`,
  );
});
