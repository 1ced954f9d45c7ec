// The id a response carries in X-Request-Id: the client's own when it is well formed (a proxy in
// front may have set it), else a new one. Used by the locale proxy (src/proxy.ts), the pages
// answered before Next (front-cache.mjs) and the API (src/server/api/request-context.ts).
import { randomBytes } from 'node:crypto';

// A new id is this process's random start and a count, in a UUID's shape: unique across processes
// and restarts, made without asking the system for random bytes per request (which cost a small
// answer some 4% of its time). An id is for finding a request in the logs, not a secret: a client
// may send its own.
const start = randomBytes(10).toString('hex');
const prefix = `${start.slice(0, 8)}-${start.slice(8, 12)}-${start.slice(12, 16)}-${start.slice(16, 20)}-`;
let count = 0;

/** @param {string | string[] | null | undefined} incoming */
export function requestIdOf(incoming) {
  if (typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming)) return incoming;
  count = (count + 1) % 2 ** 48;
  return prefix + count.toString(16).padStart(12, '0');
}
