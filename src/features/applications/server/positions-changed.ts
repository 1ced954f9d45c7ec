import 'server-only';
import { revalidateRoutes, type Revalidated } from '@/server/page-cache';

/**
 * The cached pages of an open position (its page and its application form); /careers is read per
 * request. The sitemap, which lists the positions' pages, is made again after their mark.
 */
const POSITION_PAGES = ['/[locale]/careers/[id]', '/[locale]/careers/[id]/apply'];

/** Call after any write to the open positions: their cached pages are rendered again at the next visit. */
export function positionsChanged(): Promise<Revalidated> {
  return revalidateRoutes(POSITION_PAGES);
}
