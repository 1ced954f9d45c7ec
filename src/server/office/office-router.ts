import 'server-only';
import { z } from '@hono/zod-openapi';
import { createRouter } from '../api/app-router';
import type { OfficeEnv } from './access';

/** What an office action answers when it has nothing else to say. */
export const OfficeOk = z.object({ ok: z.literal(true) });
/** A record's id in an office address. */
export const OfficeId = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

/** A router of routes behind the office's sign-in: each route declares its roles with `allow(...)`. */
export function createOfficeRouter() {
  return createRouter<OfficeEnv>();
}

/** Routes a feature adds to the office. */
export type OfficeRouter = ReturnType<typeof createOfficeRouter>;
