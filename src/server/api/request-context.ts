import 'server-only';
import type { MiddlewareHandler } from 'hono';
import { database } from '../db';
import { queue } from '../queue';
import type { ApiEnv } from './app-router';
import { clientIp } from './client-ip';

/** Puts the request's plumbing on the context, so route files never reach for it themselves. */
export function requestContext(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('ip', clientIp(c.req.raw.headers));
    c.set('db', async () => (await database()).db);
    c.set('queue', queue);
    await next();
  };
}
