import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody as json, jsonContent } from '@/server/api/app-router';
import { AppError } from '@/server/errors';
import { allow } from '@/server/office/access';
import { audit } from '@/server/office/audit';
import { leadListRoute, leadRecordRoutes } from '@/features/forms/server';
import { createOfficeRouter, OfficeId as Id } from '@/server/office/office-routes';
import { applicantCv, cvLink, leadOfCvToken } from './applicant-cv';
import { addApplicantNote, changeApplicant, keepApplicant, rejectApplicants } from './applicant-moves';
import { applicantsPage, viewApplicant } from './applicants';
import { applicantFilterOf } from './applicants-filter';
import { ApplicantChangeBody, ApplicantsQuery, RejectBody } from './applicants-schema';

const recruiting = allow('recruiting', 'admin');

/** A CV is served as what its bytes are; a PDF in the browser's viewer, sandboxed, a Word file as a download. */
function cvHeaders(filename: string, contentType: string): Record<string, string> {
  const pdf = contentType === 'application/pdf';
  const ascii = filename.replace(/[^\w.-]/g, '_');
  return {
    'content-type': contentType,
    'content-disposition': `${pdf ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(pdf ? { 'content-security-policy': "sandbox; default-src 'none'; frame-ancestors 'none'" } : {}),
  };
}

/** The recruiters' pipeline: applications and CVs, an applicant's page and work, their CV, bulk rejection, keeping a hired applicant's record. */
export function applicantsRoutes() {
  const r = createOfficeRouter();

  r.openapi(
    createRoute({
      method: 'post',
      path: '/applicants/reject',
      hide: true,
      middleware: [recruiting],
      request: { body: json(RejectBody) },
      responses: { 200: jsonContent(z.object({ rejected: z.array(z.string()) }), 'Rejected (those not rejected before)') },
    }),
    async (c) => {
      const { ids, note, mail } = c.req.valid('json');
      const done = await rejectApplicants(
        await c.var.db(),
        await c.var.queue(),
        ids,
        { note, mail },
        { actor: c.var.staff.id, ip: c.var.ip },
      );
      return c.json(done, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'patch',
      path: '/applicants/{id}',
      hide: true,
      middleware: [recruiting],
      request: { params: Id, body: json(ApplicantChangeBody) },
      responses: { 200: jsonContent(z.object({ changed: z.boolean() }), 'Saved (false when it already had that status)') },
    }),
    async (c) => {
      const changed = await changeApplicant(await c.var.db(), await c.var.queue(), c.req.valid('param').id, c.req.valid('json'), {
        actor: c.var.staff.id,
        ip: c.var.ip,
      });
      return c.json({ changed }, 200);
    },
  );

  const Kept = z.object({ keptAt: z.string().nullable(), keptBy: z.string().nullable() });
  for (const method of ['post', 'delete'] as const) {
    const keep = method === 'post';
    r.openapi(
      createRoute({
        method,
        path: '/applicants/{id}/keep',
        hide: true,
        middleware: [recruiting],
        request: keep ? { params: Id, body: json(z.strictObject({})) } : { params: Id },
        responses: {
          200: jsonContent(Kept, keep ? 'Kept: retention leaves this hired applicant’s record' : 'No longer kept: retention applies again'),
        },
      }),
      async (c) => {
        const kept = await keepApplicant(await c.var.db(), c.req.valid('param').id, keep, { actor: c.var.staff.id, ip: c.var.ip });
        return c.json({ keptAt: kept.keptAt?.toISOString() ?? null, keptBy: kept.keptBy }, 200);
      },
    );
  }

  r.openapi(
    createRoute({
      method: 'post',
      path: '/applicants/{id}/cv-link',
      hide: true,
      middleware: [recruiting],
      request: { params: Id, body: json(z.strictObject({})) },
      responses: {
        200: jsonContent(z.object({ url: z.string(), expiresAt: z.string() }), 'A link to the CV, for this member, for 5 minutes'),
      },
    }),
    async (c) => {
      const link = await cvLink(await c.var.db(), c.req.valid('param').id, c.var.staff.id);
      return c.json({ url: link.url, expiresAt: link.expiresAt.toISOString() }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/cv/{token}',
      hide: true,
      middleware: [recruiting],
      request: { params: z.object({ token: z.string().max(200) }) },
      responses: { 200: { description: 'The CV: a PDF inline, a Word file as a download' } },
    }),
    async (c) => {
      const db = await c.var.db();
      const leadId = leadOfCvToken(c.req.valid('param').token, c.var.staff.id);
      if (!leadId) throw new AppError('not_found', 'This link has expired or is not yours. Open the CV again from the applicant’s page.');
      const cv = await applicantCv(db, leadId);
      if (!cv) throw new AppError('not_found', 'No CV for this applicant.');
      await audit(db, { actor: c.var.staff.id, action: 'cv.open', record: leadId, ip: c.var.ip });
      return c.body(new Uint8Array(cv.bytes), 200, cvHeaders(cv.filename, cv.contentType));
    },
  );
  leadListRoute(r, '/applicants', recruiting, ApplicantsQuery, (db, q) => applicantsPage(db, applicantFilterOf(q), q.after));
  // Last: `/applicants/{id}` would take any other address below /applicants for an id.
  leadRecordRoutes(r, '/applicants', recruiting, { view: viewApplicant, note: addApplicantNote, missing: 'No such applicant.' });
  return r;
}
