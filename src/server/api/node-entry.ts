// The API as `npm start` serves it: handed each /rest request by scripts/start.mjs before Next's
// routing (decision 038). The same app as the route handler `next dev` uses
// (src/app/rest/[[...route]]/route.ts); bundled apart by scripts/lib/api-bundle.mjs at build time.
// Next compressed the API's answers; here scripts/lib/api-compression.mjs does.
import type { IncomingHttpHeaders } from 'node:http';
import { features } from '@/features';
import { countVisit, nodeHeaders } from '@/features/jobs/job-visit';
import { localeCookie } from '@/i18n/locale-path';
import { createApi } from './app';

export const api = createApi(features);

/** The language cookie's name, for the pages answered before Next (scripts/lib/front-cache.mjs). */
export const LOCALE_COOKIE = localeCookie.name;

/**
 * A page the server answered from memory before Next (scripts/lib/front-cache.mjs): its visit is
 * counted as the proxy counts it when Next answers.
 */
export function countPageVisit(pathname: string, headers: IncomingHttpHeaders): void {
  countVisit(pathname, nodeHeaders(headers));
}
