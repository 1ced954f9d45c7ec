import 'server-only';
import { revalidatePath } from 'next/cache';

/** Next's incremental cache (pages kept by `revalidate`), as its server leaves it on globalThis. */
interface IncrementalCache {
  revalidateTag(tags: string[], durations?: { expire?: number }): Promise<void>;
}

/** Where the cached pages were marked stale: in a request, in the server outside one, or nowhere. */
export type Revalidated = 'request' | 'server' | 'none';

/**
 * Marks every page rendered by these app routes (`/[locale]/jobs/[dashboard]`) stale in this
 * process's cache: the next visit renders them again. Inside a request (an office API call) this is
 * Next's `revalidatePath`. In the server outside a request (an operator command over the control
 * socket, a queue tick) it is the same tag on the cache the server keeps on globalThis. Anywhere
 * else (a command run while no server runs, a test) there is no cache to clear: nothing happens.
 * Other web nodes keep their copies until their own `revalidate` period ends (decision 033).
 */
export async function revalidateRoutes(routes: readonly string[]): Promise<Revalidated> {
  try {
    for (const route of routes) revalidatePath(route, 'page');
    return 'request';
  } catch {
    // No request store: not inside a request of the Next server.
  }
  const cache = (globalThis as { __incrementalCache?: IncrementalCache }).__incrementalCache;
  if (!cache) return 'none';
  // The tag revalidatePath(route, 'page') gives (Next's implicit tag of a route's pages).
  await cache.revalidateTag(routes.map((route) => `_N_T_${route}/page`));
  return 'server';
}
