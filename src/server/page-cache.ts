import 'server-only';
import { markedAt, markPages } from './page-marks';

/** Whether the mark also went to every other web node (Redis, or the database without it). */
export interface Revalidated {
  shared: boolean;
}

/** Next's implicit tag of every page an app route renders (what `revalidatePath(route, 'page')` marks). */
const pageTag = (route: string) => `_N_T_${route}/page`;

/**
 * Marks every page rendered by these app routes (`/[locale]/jobs/[dashboard]`) stale: the next
 * visit renders them again, on this node at once and on the others as soon as the mark reaches
 * them (page-marks.ts). The same from a request, a queue handler, a worker process or an operator
 * command: Next's `revalidatePath` would throw outside a request of the Next server.
 */
export async function revalidateRoutes(routes: readonly string[]): Promise<Revalidated> {
  return { shared: await markPages(routes.map(pageTag)) };
}

/**
 * When the pages of these routes were last marked stale in this process (by this node or another
 * one); 0 if never. Per-process caches of what those pages show (the board's counts) older than
 * this are dropped.
 */
export function routesMarkedAt(routes: readonly string[]): number {
  return markedAt(routes.map(pageTag));
}
