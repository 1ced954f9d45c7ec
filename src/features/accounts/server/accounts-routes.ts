import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '@/server/api/app-router';
import { ConfirmUser, UnconfirmedUser } from '../schema';
import { confirmUser, registerUnconfirmedUser } from './accounts-service';

const Ok = z.object({ ok: z.literal(true) });

const register = createRoute({
  method: 'post',
  path: '/unconfirmeduser',
  summary:
    'Free-trial sign-up: registers the unconfirmed user and mails a 6-digit code (the same answer for an address that already has an account)',
  request: { body: { content: { 'application/json': { schema: UnconfirmedUser } }, required: true } },
  responses: {
    200: { description: 'Registered; the code is on its way', content: { 'application/json': { schema: Ok } } },
    422: { description: 'Invalid fields (messages are keys of SignUp.errors)' },
    429: { description: 'Too many sign-ups from this address or for this email' },
  },
});

const confirm = createRoute({
  method: 'post',
  path: '/unconfirmeduser/confirm',
  summary: 'Confirms the address with the mailed code',
  request: { body: { content: { 'application/json': { schema: ConfirmUser } }, required: true } },
  responses: {
    200: { description: 'Confirmed: the account can log in to the application', content: { 'application/json': { schema: Ok } } },
    422: { description: 'Invalid fields, or a wrong, used, expired or exhausted code (`code`: codeInvalid, codeExpired, codeAttempts)' },
    429: { description: 'Too many tries from this address' },
  },
});

export const accountsRoutes = createRouter()
  .openapi(register, async (c) => {
    await registerUnconfirmedUser(await c.var.db(), await c.var.queue(), c.req.valid('json'), { ip: c.var.ip });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(confirm, async (c) => {
    await confirmUser(await c.var.db(), c.req.valid('json'), { ip: c.var.ip });
    return c.json({ ok: true as const }, 200);
  });
