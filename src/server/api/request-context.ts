import 'server-only';
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { requestIdOf } from './request-id';
import { database } from '../db';
import { log } from '../log';
import { queue } from '../queue';
import type { ApiEnv } from './app-router';
import { clientIp } from './client-ip';

/**
 * Puts the request's plumbing on the context, so route files never reach for it themselves, and
 * gives the answer its request id (the client's when well formed, as for pages).
 */
export function setRequestContext(c: Context<ApiEnv>): void {
  const id = requestIdOf(c.req.header('x-request-id'));
  c.set('requestId', id);
  // Served by `npm start`, the id goes on Node's response itself: a header set through Hono
  // before the answer exists makes the answer carry the platform's Headers, which costs a small
  // answer a fifth of its time.
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing) outgoing.setHeader('X-Request-Id', id);
  else c.header('X-Request-Id', id);
  c.set('ip', clientIp(c.req.raw.headers));
  c.set('db', async () => (await database()).db);
  c.set('queue', queue);
}

/** The request's line in the log, with its answer's status, once answered. */
export function logRequest(c: Context<ApiEnv>, started: number): void {
  log().info(
    {
      reqId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    },
    'api request',
  );
}
