import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '@/server/api/app-router';
import { FILE_ID, UploadUrlRequest } from '../schema';
import { receiveUpload, requestUpload } from './uploads-service';

const uploadUrl = createRoute({
  method: 'post',
  path: '/file/{type}/uploadurl',
  summary: 'Ask where to upload a CV: answers a signed address that works once, for 15 minutes',
  request: {
    params: z.object({ type: z.enum(['cv']) }),
    body: { content: { 'application/json': { schema: UploadUrlRequest } }, required: true },
  },
  responses: {
    200: {
      description: 'PUT the file to uploadUrl with these headers, then send the form with fileId',
      content: {
        'application/json': {
          schema: z.object({ uploadUrl: z.string(), headers: z.record(z.string(), z.string()), fileId: z.string(), expiresAt: z.string() }),
        },
      },
    },
    422: { description: 'Invalid fields: fileType, fileTooLarge, fileEmpty, emailFormat, limitExceeded' },
    429: { description: 'Too many uploads from this address or for this email' },
  },
});

const upload = createRoute({
  method: 'put',
  path: '/file/cv/upload/{fileId}',
  summary: 'Upload the file (local storage): the raw bytes, with the type and size announced',
  request: {
    params: z.object({ fileId: z.string().regex(FILE_ID) }),
    query: z.object({ expires: z.coerce.number().int(), sig: z.string().regex(/^[\w-]{43}$/) }),
  },
  responses: {
    204: { description: 'Received and accepted' },
    400: { description: 'Not the size announced, or the client stopped sending' },
    403: { description: 'The address is not valid or has expired' },
    409: { description: 'The address was already used' },
    413: { description: 'More bytes than announced' },
    415: { description: 'Not the type announced' },
    422: { description: 'The file was refused: fileType, fileMacro, fileEncrypted, fileEmpty' },
    429: { description: 'Three uploads from this address are already in progress' },
  },
});

export const applicationsRoutes = createRouter()
  .openapi(uploadUrl, async (c) => {
    const answer = await requestUpload(await c.var.db(), c.req.valid('json'), { ip: c.var.ip });
    return c.json(answer, 200);
  })
  .openapi(upload, async (c) => {
    const { fileId } = c.req.valid('param');
    const { expires, sig } = c.req.valid('query');
    const length = c.req.header('content-length');
    await receiveUpload(await c.var.db(), {
      fileId,
      expires,
      sig,
      contentType: c.req.header('content-type') ?? '',
      contentLength: length && /^\d+$/.test(length) ? Number(length) : null,
      body: c.req.raw.body,
      ip: c.var.ip,
    });
    return c.body(null, 204);
  });
