// The API as `npm start` serves it: handed each /rest request by scripts/start.mjs before Next's
// routing (issue: the API beside Next). The same app as the route handler `next dev` uses
// (src/app/rest/[[...route]]/route.ts); bundled apart by scripts/lib/api-bundle.mjs at build time.
// Next compressed the API's answers; here Hono does.
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { features } from '@/features';
import { createApi } from './app';

export const api = new Hono().use(compress()).route('/', createApi(features));
