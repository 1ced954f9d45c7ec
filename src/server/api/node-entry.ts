// The API as `npm start` serves it: handed each /rest request by scripts/start.mjs before Next's
// routing (decision 038). The same app as the route handler `next dev` uses
// (src/app/rest/[[...route]]/route.ts); bundled apart by scripts/lib/api-bundle.mjs at build time.
// Next compressed the API's answers; here Hono does.
import { features } from '@/features';
import { createApi } from './app';

export const api = createApi(features, { compressed: true });
