import 'server-only';
import { revalidatePath } from 'next/cache';
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external';
import { applyMarks, shareMarks } from './page-marks';

/**
 * How the cached pages were marked stale in this process: through Next in a request, or in Next's
 * tag manifest outside one; `shared` says the mark also went to every other web node (Redis).
 */
export interface Revalidated {
  local: 'request' | 'manifest';
  shared: boolean;
}

/** Next's implicit tag of every page an app route renders (what `revalidatePath(route, 'page')` marks). */
const pageTag = (route: string) => `_N_T_${route}/page`;

/**
 * Marks every page rendered by these app routes (`/[locale]/jobs/[dashboard]`) stale: the next
 * visit renders them again. Inside a Next request this is Next's `revalidatePath`. Outside one (the
 * API, served beside Next; an operator command over the control socket; a queue tick) it is the
 * same tag written into Next's tag manifest, which the cache reads: also before the server has
 * served a page, when its cache on disk already holds pages of an earlier run. With REDIS_URL the
 * mark also goes to every other web node, from any process (a worker too), before this returns
 * (decision 037).
 */
export async function revalidateRoutes(routes: readonly string[]): Promise<Revalidated> {
  const tags = routes.map(pageTag);
  const shared = await shareMarks(tags);
  return { local: markHere(routes, tags), shared };
}

function markHere(routes: readonly string[], tags: string[]): Revalidated['local'] {
  try {
    for (const route of routes) revalidatePath(route, 'page');
    return 'request';
  } catch {
    // No request store: not inside a request of the Next server.
  }
  applyMarks(tags);
  return 'manifest';
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
