import 'server-only';
import { revalidateRoutes, type Revalidated } from '@/server/page-cache';
import { forgetCounts } from './jobs-service';

/** The cached pages that show jobs: boards, job pages, application pages (every locale and dashboard). */
const JOB_PAGES = ['/[locale]/jobs/[dashboard]', '/[locale]/jobs/[dashboard]/specs/[id]', '/[locale]/jobs/[dashboard]/apply/[id]'];

/**
 * Call after any write to the jobs: the board's counts and cached pages are dropped, so the change
 * shows at the next visit. The sitemap, the RSS feeds and the alert digests read the database
 * every time. Harmless outside the Next server (src/server/page-cache.ts).
 */
export function jobsChanged(): Promise<Revalidated> {
  forgetCounts();
  return revalidateRoutes(JOB_PAGES);
}
