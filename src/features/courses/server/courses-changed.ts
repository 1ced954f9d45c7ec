import 'server-only';
import { revalidateRoutes, type Revalidated } from '@/server/page-cache';

/** The cached pages that show courses, in every locale: the catalogue pages and each course's pages. */
const COURSE_PAGES = [
  '/[locale]/training',
  '/[locale]/education',
  '/[locale]/education/[id]/specs',
  '/[locale]/education/[id]/register',
  '/[locale]/education/[id]/register/index_typeform',
];

/**
 * Call after staff change a course: its cached pages are dropped, so the change shows at the next
 * visit. The sitemap and GET /rest/events read the database every time.
 */
export function coursesChanged(): Promise<Revalidated> {
  return revalidateRoutes(COURSE_PAGES);
}
