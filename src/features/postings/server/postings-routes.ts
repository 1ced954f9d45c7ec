import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, jsonBody, jsonContent } from '@/server/api/app-router';
import { AppError } from '@/server/errors';
import { allow } from '@/server/office/access';
import { createOfficeRouter, OfficeId as Id, OfficeOk as Ok } from '@/server/office/office-routes';
import { ApprovePostingBody, JobListing, PostingView, RejectPostingBody } from '../schema';
import { closePosting, editPosting, openPosting, renewPosting } from './postings-employer';
import { approvePosting, listPostings, rejectPosting, viewPosting } from './postings-service';

const TokenParam = z.object({ token: z.string().min(10).max(120) });
const notFound = { description: 'Not a link of ours' };

/** The employer's private link: the listing's state, edits, closing and renewing. Posting itself is POST /rest/form. */
export const postingsRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/job-posts/{token}',
      summary: "A posted job's state, for its employer (the first opening confirms the contact's address)",
      request: { params: TokenParam },
      responses: { 200: jsonContent(PostingView.extend({ justConfirmed: z.boolean() }), 'The listing'), 404: notFound },
    }),
    async (c) => {
      const view = await openPosting(await c.var.db(), c.req.valid('param').token);
      if (!view) throw new AppError('not_found', 'No such job posting.');
      return c.json(view, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/job-posts/{token}',
      summary: 'Change a posted job: it goes back to review; a live one stays as it was until approved',
      request: { params: TokenParam, body: jsonBody(JobListing) },
      responses: { 200: jsonContent(PostingView, 'The listing'), 404: notFound, 409: { description: 'The listing is closed' } },
    }),
    async (c) => c.json(await editPosting(await c.var.db(), c.req.valid('param').token, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/job-posts/{token}/close',
      summary: 'Take a posted job off the board',
      request: { params: TokenParam },
      responses: { 200: jsonContent(PostingView, 'Closed'), 404: notFound },
    }),
    async (c) => c.json(await closePosting(await c.var.db(), c.req.valid('param').token, c.var.ip), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/job-posts/{token}/renew',
      summary: 'Keep a posted job on the board for another listing period (from three days before it ends)',
      request: { params: TokenParam },
      responses: { 200: jsonContent(PostingView, 'Renewed'), 404: notFound, 409: { description: 'Not renewable now' } },
    }),
    async (c) => c.json(await renewPosting(await c.var.db(), c.req.valid('param').token, c.var.ip), 200),
  );

const recruiting = allow('recruiting', 'admin');
const StateQuery = z.object({ state: z.enum(['pending', 'unconfirmed', 'approved', 'rejected', 'closed']).default('pending') });

/** The moderation queue in the office. */
export function officePostingsRoutes() {
  const r = createOfficeRouter();
  r.openapi(
    createRoute({
      method: 'get',
      path: '/postings',
      hide: true,
      middleware: [recruiting],
      request: { query: StateQuery },
      responses: { 200: jsonContent(z.object({ rows: z.array(z.object({}).passthrough()) }), 'Postings in this state') },
    }),
    async (c) => c.json({ rows: await listPostings(await c.var.db(), c.req.valid('query').state) }, 200),
  );
  r.openapi(
    createRoute({
      method: 'get',
      path: '/postings/{id}',
      hide: true,
      middleware: [recruiting],
      request: { params: Id },
      responses: { 200: jsonContent(z.object({}).passthrough(), 'A posting, with the version on the board') },
    }),
    async (c) => c.json(await viewPosting(await c.var.db(), c.req.valid('param').id, { actor: c.var.staff.id, ip: c.var.ip }), 200),
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: '/postings/{id}/approve',
      hide: true,
      middleware: [recruiting],
      request: { params: Id, body: jsonBody(ApprovePostingBody) },
      responses: { 200: jsonContent(Ok, 'On the board now; the employer is mailed') },
    }),
    async (c) => {
      const by = { actor: c.var.staff.id, ip: c.var.ip };
      await approvePosting(await c.var.db(), await c.var.queue(), c.req.valid('param').id, c.req.valid('json').version, by);
      return c.json({ ok: true as const }, 200);
    },
  );
  r.openapi(
    createRoute({
      method: 'post',
      path: '/postings/{id}/reject',
      hide: true,
      middleware: [recruiting],
      request: { params: Id, body: jsonBody(RejectPostingBody) },
      responses: { 200: jsonContent(Ok, 'Rejected; the employer is mailed the reason') },
    }),
    async (c) => {
      const { version, reason } = c.req.valid('json');
      const by = { actor: c.var.staff.id, ip: c.var.ip };
      await rejectPosting(await c.var.db(), await c.var.queue(), c.req.valid('param').id, version, reason, by);
      return c.json({ ok: true as const }, 200);
    },
  );
  return r;
}
