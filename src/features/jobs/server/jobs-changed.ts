import 'server-only';
import { revalidateRoutes, type Revalidated } from '@/server/page-cache';
import { forgetSearches, JOB_PAGES } from './jobs-service';

/**
 * Call after any write to the jobs: the searches and counts remembered in memory and the cached
 * pages are dropped, so the change shows at the next visit, on every web node (page-cache.ts);
 * the sitemap, which lists the job pages, is made again after their mark. The alert digests read
 * the database every time. Harmless outside the Next server (src/server/page-cache.ts).
 */
export function jobsChanged(): Promise<Revalidated> {
  forgetSearches();
  return revalidateRoutes(JOB_PAGES);
}
