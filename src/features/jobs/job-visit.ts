// Which requests count as a visit of a job page or a click on its Apply. Imported by the proxy
// (src/proxy.ts), which must not bundle any database code: the count goes to a function the server
// runtime puts on globalThis (server/job-stats.ts), shared by every bundle of the process.
import type { IncomingHttpHeaders } from 'node:http';
import { pagePath } from '@/i18n/locale-path';
import { isDashboard } from './search';

export type JobEvent = 'view' | 'apply';
export type JobCounterHook = (jobId: string, event: JobEvent) => void;

export const JOB_COUNTER = Symbol.for('site.jobCounter');

// Crawlers and link previews are not visitors. HeadlessChrome is not excluded: it is also a browser
// people's tools drive, and the browser tests count with it.
const BOTS = /bot|crawl|spider|slurp|facebookexternalhit|preview/i;

/** A request's headers as the proxy (a `Headers`) or the server in front of Next reads them. */
export type HeaderReader = Pick<Headers, 'get' | 'has'>;

/** Node's parsed headers (lower-case names), read as `Headers` are. */
export function nodeHeaders(headers: IncomingHttpHeaders): HeaderReader {
  const value = (name: string) => headers[name.toLowerCase()];
  return {
    get: (name) => {
      const v = value(name);
      return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
    },
    has: (name) => value(name) !== undefined,
  };
}

/** Whether a request is a person's: a user agent that is not a bot's, and not a prefetch. */
export function isCountable(headers: HeaderReader): boolean {
  const agent = headers.get('user-agent');
  if (!agent || BOTS.test(agent)) return false;
  // Next removes its router's headers (next-router-prefetch) before the proxy sees the request;
  // The web server (src/server/http/start.ts) passes the mark on as x-site-prefetch.
  if (headers.has('next-router-prefetch') || headers.has('x-site-prefetch')) return false;
  return !/prefetch/i.test(headers.get('purpose') ?? '') && !/prefetch/i.test(headers.get('sec-purpose') ?? '');
}

const JOB_PATH = /^\/jobs\/([^/]+)\/(specs|apply)\/([\w-]{1,64})$/;

/** The job and event of a job page's address (any locale): its page is a view, its application page an apply. */
export function jobEventOf(pathname: string): { jobId: string; event: JobEvent } | null {
  const match = JOB_PATH.exec(pagePath(pathname));
  if (!match || !isDashboard(match[1]!)) return null;
  return { jobId: match[3]!, event: match[2] === 'specs' ? 'view' : 'apply' };
}

/** Counts one event; nothing when no counter runs in this process (a build, a test without one). */
export function countJobEvent(jobId: string, event: JobEvent): void {
  const hook = (globalThis as Record<symbol, JobCounterHook | undefined>)[JOB_COUNTER];
  hook?.(jobId, event);
}

/**
 * Counts the visit a GET of `pathname` is, if it is one and a person's: by the proxy
 * (src/proxy.ts), and by the server for a page it answers from memory before Next
 * (scripts/lib/front-cache.mjs, through the API's bundle).
 */
export function countVisit(pathname: string, headers: HeaderReader): void {
  const visit = jobEventOf(pathname);
  if (visit && isCountable(headers)) countJobEvent(visit.jobId, visit.event);
}
