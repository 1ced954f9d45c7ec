import 'server-only';
import { revalidatePath } from 'next/cache';
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external';
import { shareMarks } from './page-marks';

/** Next's incremental cache (pages kept by `revalidate`), as its server leaves it on globalThis. */
interface IncrementalCache {
  revalidateTag(tags: string[], durations?: { expire?: number }): Promise<void>;
}

/**
 * Where the cached pages were marked stale: in a request, in the server outside one, or nowhere in
 * this process; `shared` says the mark also went to every other web node (through Redis).
 */
export interface Revalidated {
  local: 'request' | 'server' | 'none';
  shared: boolean;
}

/** Next's implicit tag of every page an app route renders (what `revalidatePath(route, 'page')` marks). */
const pageTag = (route: string) => `_N_T_${route}/page`;

/**
 * Marks every page rendered by these app routes (`/[locale]/jobs/[dashboard]`) stale: the next
 * visit renders them again. Inside a request (an office API call) this is Next's `revalidatePath`.
 * In the server outside a request (an operator command over the control socket, a queue tick) it
 * is the same tag on the cache the server keeps on globalThis. With REDIS_URL the mark also goes to
 * every other web node, from any process (a worker too), before this returns (decision 037).
 */
export async function revalidateRoutes(routes: readonly string[]): Promise<Revalidated> {
  const tags = routes.map(pageTag);
  const shared = await shareMarks(tags);
  return { local: await markHere(routes, tags), shared };
}

async function markHere(routes: readonly string[], tags: string[]): Promise<Revalidated['local']> {
  try {
    for (const route of routes) revalidatePath(route, 'page');
    return 'request';
  } catch {
    // No request store: not inside a request of the Next server.
  }
  const cache = (globalThis as { __incrementalCache?: IncrementalCache }).__incrementalCache;
  if (!cache) return 'none';
  await cache.revalidateTag(tags);
  return 'server';
}

/**
 * When the pages of these routes were last marked stale in this process (by this node or, through
 * Redis, another one); 0 if never. Per-process caches of what those pages show (the board's counts)
 * are older than this are dropped.
 */
export function routesMarkedAt(routes: readonly string[]): number {
  let last = 0;
  for (const route of routes) last = Math.max(last, tagsManifest.get(pageTag(route))?.expired ?? 0);
  return last;
}
