import 'server-only';
import { OpenAPIHono } from '@hono/zod-openapi';
import { validationError } from './problem';

export type ApiEnv = { Variables: { requestId: string } };

/** A Hono router with the API's conventions: validation → 422 with field errors. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}
