import 'server-only';
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonContent } from '../api/app-router';
import { sanitizeDescription } from '../html/sanitize';
import { allow } from './access';
import { DescriptionPreviewBody } from './office-schemas';
import { createOfficeRouter } from './office-router';

/** A description (a job's, a position's, a course's) as it will be stored, for its form's preview. */
export function descriptionPreviewRoutes() {
  const r = createOfficeRouter();
  r.openapi(
    createRoute({
      method: 'post',
      path: '/description-preview',
      hide: true,
      // Who edits descriptions: jobs and positions (recruiting), courses (training).
      middleware: [allow('recruiting', 'training', 'admin')],
      request: { body: jsonBody(DescriptionPreviewBody) },
      responses: { 200: jsonContent(z.object({ html: z.string() }), 'The description as it will be stored') },
    }),
    (c) => c.json({ html: sanitizeDescription(c.req.valid('json').html) }, 200),
  );
  return r;
}
