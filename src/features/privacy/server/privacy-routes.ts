import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '@/server/api/app-router';
import { AppError } from '@/server/errors';
import { downloadCopy } from './privacy-copy';

const TokenParam = z.object({ token: z.string().regex(/^[\w-]{8,64}\.[\w-]{32}$/) });

const downloadRoute = createRoute({
  method: 'get',
  path: '/privacy/copies/{token}',
  summary: 'A copy of the data kept with an address (a zip): the link of the mail sent once it was made, for 7 days',
  request: { params: TokenParam },
  responses: {
    200: { description: 'The zip: data.json with every record, files/ with the CVs', content: { 'application/zip': { schema: z.any() } } },
    404: { description: 'Unknown link, or the 7 days have passed (the file is deleted)' },
  },
});

/** The public side of privacy requests besides POST /rest/form: the copy's download. */
export const privacyRoutes = createRouter().openapi(downloadRoute, async (c) => {
  const bytes = await downloadCopy(await c.var.db(), c.req.valid('param').token, { ip: c.var.ip });
  if (!bytes) throw new AppError('not_found', 'This link has expired or is not valid.');
  return c.body(new Uint8Array(bytes), 200, {
    'content-type': 'application/zip',
    'content-disposition': 'attachment; filename="my-data.zip"',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
});
