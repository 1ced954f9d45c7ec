// A page that could not be rendered because a dependency is down (the database, most often) is
// answered 503 with Retry-After, not 500: it is not broken, it can be asked for again shortly
// (crawlers keep it, monitoring tells it apart).
//
// Each request gets a random key in a header (set here, over anything a client sent) and an entry
// in `requests` while it is open. Next reports a render's errors to `onRequestError`
// (src/instrumentation.ts), which sees the request's headers and, for an outage met by an open
// request, sets every open request's entry to true (Next shares one render between requests for
// the same page that arrive together); when Next then writes an error page's 500, it goes out as
// 503. The map holds no more than the requests in flight.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_KEY_HEADER = 'x-site-request-key';
export const REQUESTS = Symbol.for('site.requests');
export const RETRY_AFTER_SECONDS = 30;

/** @param requests open requests by key: true once an outage was reported */
export function outageStatus(requests: Map<string, boolean>): (req: IncomingMessage, res: ServerResponse) => void {
  /** The path of each open request, by key. */
  const paths = new Map<string, string>();
  return (req, res) => {
    const key = randomUUID();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    req.headers[REQUEST_KEY_HEADER] = key;
    // Next gives a request that comes while a render of its page is under way that render's
    // answer, and reports the error to this request only after its head is written: when an open
    // request of the same path met an outage, a 500 here is that outage's too. Not in `requests`,
    // so it passes on to no later request unless an outage is reported while this one is open.
    let joined = false;
    for (const [open, openPath] of paths) if (openPath === path && requests.get(open)) joined = true;
    requests.set(key, false);
    paths.set(key, path);
    res.on('close', () => {
      requests.delete(key);
      paths.delete(key);
    });
    // Every way of sending the head (writeHead, or end/write through _implicitHeader) calls this.
    const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
    res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      if (status !== 500 || !(joined || requests.get(key))) return writeHead.call(this, status, ...rest);
      this.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      return writeHead.call(this, 503, ...(typeof rest[0] === 'string' ? ['Service Unavailable', ...rest.slice(1)] : rest));
    } as ServerResponse['writeHead'];
  };
}
