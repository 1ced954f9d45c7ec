import 'server-only';
import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Db } from '../db';
import type { Queue } from '../queue/queue';
import { validationError } from './problem';

/**
 * What every API handler finds on its context (`c.var`), put there by one middleware
 * (request-context.ts): the request id, the client's address, and the process's database and
 * queue, opened on first use so that a route that needs neither (health) never waits for them.
 */
export type ApiEnv = {
  Variables: { requestId: string; ip: string; db: () => Promise<Db>; queue: () => Promise<Queue> };
};

/** A Hono router with the API's conventions: validation → 422 with field errors. */
export function createRouter<E extends ApiEnv = ApiEnv>() {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

/** An OpenAPI response of JSON in `schema`. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body in `schema`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
