import 'server-only';
import { revalidateRoutes, type Revalidated } from '@/server/page-cache';

/**
 * The cached pages that show the open positions, in every locale: `/careers` (on the route the
 * proxy maps it to, src/proxy.ts), a position's page and its application form. The sitemap, which
 * lists the positions' pages, is made again after their mark.
 */
const POSITION_PAGES = ['/[locale]/listings/positions/[page]', '/[locale]/careers/[id]', '/[locale]/careers/[id]/apply'];

/** Call after any write to the open positions: their cached pages are rendered again at the next visit. */
export function positionsChanged(): Promise<Revalidated> {
  return revalidateRoutes(POSITION_PAGES);
}
