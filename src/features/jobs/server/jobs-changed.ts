import 'server-only';
import { revalidateRoutes, type Revalidated } from '@/server/page-cache';
import { forgetCounts, JOB_PAGES } from './jobs-service';

/**
 * Call after any write to the jobs: the board's counts and cached pages are dropped, so the change
 * shows at the next visit. Every web node sees it (page-cache.ts). The sitemap, the RSS
 * feeds and the alert digests read the database every time. Harmless outside the Next server (src/server/page-cache.ts).
 */
export function jobsChanged(): Promise<Revalidated> {
  forgetCounts();
  return revalidateRoutes(JOB_PAGES);
}
