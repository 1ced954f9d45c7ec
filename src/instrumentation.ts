import { isOutage } from './server/errors';

// Runs once when a server process starts: check the configuration, open and migrate the
// database, start the queue (and its worker with WORKER=inline), take operator commands on the
// control socket.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  await import('./features');
  const { startRuntime } = await import('./server/runtime');
  await startRuntime({ control: true });
}

/**
 * Next reports every error of a request here. One caused by a dependency that is down marks the
 * requests still open for the web server (src/server/http/outage-status.ts), which answers those
 * that end in 500 with 503 instead. All of them, not only the one reported: Next renders a page
 * once for the requests for it that arrive together, and reports its error with the first one's
 * headers only; while the database is down, a 500 at the same moment is its doing too.
 * Synchronous, so the mark is made as early as Next reports.
 */
export function onRequestError(err: unknown, request: Readonly<{ headers: NodeJS.Dict<string | string[]> }>) {
  const requests = (globalThis as Record<symbol, unknown>)[Symbol.for('site.requests')] as Map<string, boolean> | undefined;
  const key = request.headers['x-site-request-key'];
  if (!requests || typeof key !== 'string' || !requests.has(key) || !isOutage(err)) return;
  for (const open of requests.keys()) requests.set(open, true);
}
