import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody as json, jsonContent } from '@/server/api/app-router';
import { allow } from '@/server/office/access';
import { createOfficeRouter, OfficeId as Id, OfficeOk as Ok } from '@/server/office/office-routes';
import { JobInput } from '../job-input-schema';
import { JobImportBody, OfficeJobsQuery } from '../office-schema';
import { importJobs, previewImport } from './import-jobs';
import { closeJob, createJob, duplicateJob, editJob, importRows, jobFormValues, listOfficeJobs, officeJob, reopenJob } from './office-jobs';

const recruiting = allow('recruiting', 'admin');
const Created = z.object({ id: z.string() });
const Row = z.object({
  id: z.string(),
  externalId: z.string().nullable(),
  position: z.string(),
  company: z.string().nullable(),
  dashboards: z.array(z.string()),
  status: z.enum(['live', 'closed', 'expired']),
  createdAt: z.string(),
  validThrough: z.string().nullable(),
});
const ImportOutcome = z.object({
  added: z.number(),
  updated: z.number(),
  rows: z.array(z.object({}).passthrough()),
});

/** The board's jobs in the office: list, form, close and reopen, copy, and import by upload. */
export function officeJobsRoutes() {
  const r = createOfficeRouter();

  r.openapi(
    createRoute({
      method: 'get',
      path: '/jobs',
      hide: true,
      middleware: [recruiting],
      request: { query: OfficeJobsQuery },
      responses: { 200: jsonContent(z.object({ rows: z.array(Row), next: z.string().nullable() }), 'A page of jobs, newest first') },
    }),
    async (c) => {
      const { rows, next } = await listOfficeJobs(await c.var.db(), c.req.valid('query'));
      const out = rows.map((j) => ({ ...j, createdAt: j.createdAt.toISOString(), validThrough: j.validThrough?.toISOString() ?? null }));
      return c.json({ rows: out, next }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/jobs',
      hide: true,
      middleware: [recruiting],
      request: { body: json(JobInput) },
      responses: { 200: jsonContent(Created, 'Created, on the board at once') },
    }),
    async (c) => {
      const id = await createJob(await c.var.db(), c.req.valid('json'), { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ id }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/jobs/import/preview',
      hide: true,
      middleware: [recruiting],
      request: { body: json(JobImportBody) },
      responses: { 200: jsonContent(ImportOutcome, 'What the import would do, row by row; nothing written') },
    }),
    async (c) => {
      const { format, text } = c.req.valid('json');
      return c.json(await previewImport(await c.var.db(), importRows(format, text)), 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'post',
      path: '/jobs/import',
      hide: true,
      middleware: [recruiting],
      request: { body: json(JobImportBody) },
      responses: { 200: jsonContent(ImportOutcome, 'Imported, in one transaction') },
    }),
    async (c) => {
      const { format, text } = c.req.valid('json');
      const result = await importJobs(await c.var.db(), importRows(format, text), { actor: c.var.staff.id, ip: c.var.ip });
      return c.json(result, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'get',
      path: '/jobs/{id}',
      hide: true,
      middleware: [recruiting],
      request: { params: Id },
      responses: { 200: jsonContent(z.object({}).passthrough(), 'A job, its state and its form values') },
    }),
    async (c) => {
      const job = await officeJob(await c.var.db(), c.req.valid('param').id);
      return c.json({ id: job.id, status: job.status, updatedAt: job.updatedAt.toISOString(), values: jobFormValues(job) }, 200);
    },
  );

  r.openapi(
    createRoute({
      method: 'put',
      path: '/jobs/{id}',
      hide: true,
      middleware: [recruiting],
      request: { params: Id, body: json(JobInput) },
      responses: { 200: jsonContent(Ok, 'Saved, on the board at once') },
    }),
    async (c) => {
      await editJob(await c.var.db(), c.req.valid('param').id, c.req.valid('json'), { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ ok: true as const }, 200);
    },
  );

  for (const [action, run] of [
    ['close', closeJob],
    ['reopen', reopenJob],
  ] as const) {
    r.openapi(
      createRoute({
        method: 'post',
        path: `/jobs/{id}/${action}`,
        hide: true,
        middleware: [recruiting],
        request: { params: Id },
        responses: { 200: jsonContent(Ok, action === 'close' ? 'Off the board' : 'Back on the board') },
      }),
      async (c) => {
        await run(await c.var.db(), c.req.valid('param').id, { actor: c.var.staff.id, ip: c.var.ip });
        return c.json({ ok: true as const }, 200);
      },
    );
  }

  r.openapi(
    createRoute({
      method: 'post',
      path: '/jobs/{id}/duplicate',
      hide: true,
      middleware: [recruiting],
      request: { params: Id },
      responses: { 200: jsonContent(Created, 'A closed copy, to edit and reopen') },
    }),
    async (c) => {
      const id = await duplicateJob(await c.var.db(), c.req.valid('param').id, { actor: c.var.staff.id, ip: c.var.ip });
      return c.json({ id }, 200);
    },
  );
  return r;
}
