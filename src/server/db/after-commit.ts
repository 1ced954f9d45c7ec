import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

// Work that may only follow a change once it is committed: marking the cached pages that show it
// (a page rendered between the mark and the commit would be kept with the old data). A service
// calls `afterCommit` once its own transaction is done. When that transaction was a savepoint of an
// outer one, run by `committed` (the forms' receipts store a feature's writes so), the work waits
// for the outer commit, and is dropped if it rolls back.

type Work = () => Promise<unknown>;

// On globalThis: Next bundles the API's route handler and the instrumentation apart.
const key = Symbol.for('site.after-commit');
function scopes(): AsyncLocalStorage<Work[]> {
  const g = globalThis as Record<symbol, AsyncLocalStorage<Work[]> | undefined>;
  return (g[key] ??= new AsyncLocalStorage<Work[]>());
}

/** Runs `work` now, or once the transaction `committed` runs around the caller has committed. */
export async function afterCommit(work: Work): Promise<void> {
  const waiting = scopes().getStore();
  if (waiting) waiting.push(work);
  else await work();
}

/** Runs `transaction` (one that commits when it resolves), then the work its callees deferred with `afterCommit`. */
export async function committed<T>(transaction: () => Promise<T>): Promise<T> {
  const waiting: Work[] = [];
  const result = await scopes().run(waiting, transaction);
  for (const work of waiting) await work();
  return result;
}
