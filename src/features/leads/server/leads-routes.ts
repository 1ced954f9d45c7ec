import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '@/server/api/app-router';
import { clientIp } from '@/server/api/rate-limit';
import { database } from '@/server/db';
import { queue } from '@/server/queue';
import { FormRequest } from '../schema';
import { submitApplication } from '@/features/applications/server/applications-service';
import { submitLead } from './leads-service';

const submit = createRoute({
  method: 'post',
  path: '/form',
  summary: 'Send a form (contact or call-back, demo, feedback, quote, job_application, cv, course_application): stored, then staff and the visitor are mailed',
  request: { body: { content: { 'application/json': { schema: FormRequest } }, required: true } },
  responses: {
    200: { description: 'Received (a course registration also answers its id, for the checkout)', content: { 'application/json': { schema: z.object({ ok: z.literal(true), registration: z.string().optional() }) } } },
    409: { description: 'The course is full or its application deadline has passed' },
    422: { description: 'Invalid fields (messages are keys of Leads.errors)' },
    429: { description: 'Too many forms from this address or for this email' },
  },
});

export const leadsRoutes = createRouter().openapi(submit, async (c) => {
  const request = c.req.valid('json');
  const deps = { ip: clientIp(c.req.raw.headers) };
  const [db, q] = [(await database()).db, await queue()];
  if (request.type === 'job_application' || request.type === 'cv') {
    await submitApplication(db, q, request, deps);
    return c.json({ ok: true as const }, 200);
  }
  const result = await submitLead(db, q, request, deps);
  return c.json({ ok: true as const, ...(request.type === 'course_application' && result.id ? { registration: result.id } : {}) }, 200);
});
