import { isOutage } from './server/api/errors';

// Runs once when a server process starts: check the configuration, open and migrate the
// database, start the queue (and its worker with WORKER=inline).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startRuntime } = await import('./server/runtime');
  await startRuntime();
}

/**
 * Next reports every error of a request here. One caused by a dependency that is down marks the
 * request for scripts/start.mjs, which answers it with 503 instead of 500.
 */
export function onRequestError(err: unknown, request: Readonly<{ headers: NodeJS.Dict<string | string[]> }>) {
  const outages = (globalThis as Record<symbol, unknown>)[Symbol.for('site.outages')] as Set<string> | undefined;
  const key = request.headers['x-site-request-key'];
  // At once, not after an import: Next writes the error page's status right after reporting.
  if (outages && typeof key === 'string' && isOutage(err)) outages.add(key);
}
