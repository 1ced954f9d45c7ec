import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '@/server/api/app-router';
import { submitForm, type FormKind } from './form-kinds';
import { IDEMPOTENCY_KEY } from './receipts';

/** POST /rest/form: one body per kind of form, told apart by `type`, each handled by its feature. */
export function formsRoutes(kinds: readonly FormKind[]) {
  const [first, ...rest] = kinds.map((k) => k.request);
  if (!first) throw new Error('No form kinds');
  const FormRequest = z.discriminatedUnion('type', [first, ...rest]);
  const submit = createRoute({
    method: 'post',
    path: '/form',
    summary: `Send a form (${kinds
      .map((k) => k.type)
      .join(', ')
      .replace('contact', 'contact or call-back')}): stored, then staff and the visitor are mailed`,
    request: {
      headers: z.object({
        'idempotency-key': z.string().regex(IDEMPOTENCY_KEY).optional().openapi({
          description: 'Made when the form opens: the same form sent again within a day gets the first answer, and is stored once',
        }),
      }),
      body: { content: { 'application/json': { schema: FormRequest } }, required: true },
    },
    responses: {
      200: {
        description: 'Received (a course registration also answers its id, for the checkout)',
        content: { 'application/json': { schema: z.object({ ok: z.literal(true), registration: z.string().optional() }) } },
      },
      409: { description: 'The course is full or its application deadline has passed' },
      422: { description: 'Invalid fields (messages are keys of Leads.errors)' },
      429: { description: 'Too many forms from this address or for this email' },
    },
  });
  return createRouter().openapi(submit, async (c) => {
    const request = c.req.valid('json') as { type: string; traps: { website: string; elapsedMs: number } };
    const submission = { request, db: await c.var.db(), queue: await c.var.queue(), ip: c.var.ip, now: new Date() };
    const answer = await submitForm(kinds, submission, c.req.valid('header')['idempotency-key']);
    return c.json({ ok: true as const, ...(answer ?? {}) }, 200);
  });
}
