import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '@/server/api/app-router';
import { AppError } from '@/server/errors';
import { SubscribeRequest, SubscriptionView, UpdateSubscriptionRequest } from '../schema';
import { removeSubscription, subscribe, updateSubscription } from './alerts-service';
import { subscriptionIdOf } from './tokens';

const TokenParam = z.object({ token: z.string().min(10).max(120) });

const subscribeRoute = createRoute({
  method: 'post',
  path: '/newsletter/subscribe',
  summary: 'Subscribe an email to the new jobs of a search (double opt-in: a confirmation mail is sent)',
  request: { body: { content: { 'application/json': { schema: SubscribeRequest } }, required: true } },
  responses: {
    200: {
      description: 'Accepted (the same answer for any address)',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
    422: { description: 'Invalid email or search' },
    429: { description: 'More than 10 subscriptions from this address in an hour' },
  },
});

const updateRoute = createRoute({
  method: 'patch',
  path: '/newsletter/subscriptions/{token}',
  summary: 'Change the frequency of a job alert, or pause and resume it',
  request: { params: TokenParam, body: { content: { 'application/json': { schema: UpdateSubscriptionRequest } }, required: true } },
  responses: {
    200: { description: 'The subscription', content: { 'application/json': { schema: SubscriptionView } } },
    404: { description: 'Unknown token' },
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/newsletter/subscriptions/{token}',
  summary: 'Delete a job alert',
  request: { params: TokenParam },
  responses: { 204: { description: 'Deleted' }, 404: { description: 'Unknown token' } },
});

const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/newsletter/unsubscribe/{token}',
  summary: 'One-click unsubscribe (RFC 8058): the List-Unsubscribe-Post target of every alert mail',
  request: { params: TokenParam },
  responses: { 200: { description: 'Unsubscribed (also when it already was)' }, 404: { description: 'Not a token of ours' } },
});

export const alertsRoutes = createRouter()
  .openapi(subscribeRoute, async (c) => {
    await subscribe(await c.var.db(), await c.var.queue(), c.req.valid('json'), { ip: c.var.ip });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(updateRoute, async (c) => {
    const updated = await updateSubscription(await c.var.db(), c.req.valid('param').token, c.req.valid('json'));
    if (!updated) throw new AppError('not_found', 'No such job alert.');
    return c.json(updated, 200);
  })
  .openapi(deleteRoute, async (c) => {
    if (!(await removeSubscription(await c.var.db(), await c.var.queue(), c.req.valid('param').token)))
      throw new AppError('not_found', 'No such job alert.');
    return c.body(null, 204);
  })
  .openapi(unsubscribeRoute, async (c) => {
    // Mail clients post `List-Unsubscribe=One-Click` as a form, without cookies; the token is enough.
    const { token } = c.req.valid('param');
    if (!subscriptionIdOf(token)) throw new AppError('not_found', 'No such job alert.');
    await removeSubscription(await c.var.db(), await c.var.queue(), token);
    return c.text('Unsubscribed.', 200);
  });
