import 'server-only';
import { revalidateRoutes, type Revalidated } from '@/server/page-cache';

/**
 * The cached pages that show a course, in every locale (`/training` and `/education` render per
 * request and need nothing).
 */
const COURSE_PAGES = [
  '/[locale]/education/[id]/specs',
  '/[locale]/education/[id]/register',
  '/[locale]/education/[id]/register/index_typeform',
];

/**
 * Call after staff change a course: its cached pages are dropped, so the change shows at the next
 * visit, and the sitemap is made again (it lists the course pages). The catalogue pages and GET
 * /rest/events read the database every time.
 */
export function coursesChanged(): Promise<Revalidated> {
  return revalidateRoutes(COURSE_PAGES);
}
