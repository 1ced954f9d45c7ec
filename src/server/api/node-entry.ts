// The API as `npm start` serves it: handed each /rest request by scripts/start.mjs before Next's
// routing (decision 038). The same app as the route handler `next dev` uses
// (src/app/rest/[[...route]]/route.ts); bundled apart by scripts/lib/api-bundle.mjs at build time.
// Next compressed the API's answers; here Hono does.
import { features } from '@/features';
import { createApi } from './app';

export const api = createApi(features, { compressed: true });
// For the cache of pages in front of Next (scripts/lib/front-cache.mjs): the proxy counts visits of
// these pages, so it must see each request for them.
export { jobEventOf } from '@/features/jobs/job-visit';
