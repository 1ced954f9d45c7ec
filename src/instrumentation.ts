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
 * request, while it is still open, for scripts/start.mjs (scripts/lib/outage-status.mjs), which
 * answers it with 503 instead of 500. Synchronous, so the mark is made as early as Next reports.
 */
export function onRequestError(err: unknown, request: Readonly<{ headers: NodeJS.Dict<string | string[]> }>) {
  const requests = (globalThis as Record<symbol, unknown>)[Symbol.for('site.requests')] as Map<string, boolean> | undefined;
  const key = request.headers['x-site-request-key'];
  if (requests && typeof key === 'string' && requests.has(key) && isOutage(err)) requests.set(key, true);
}
