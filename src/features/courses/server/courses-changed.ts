import 'server-only';
import { afterCommit } from '@/server/db/after-commit';
import { revalidateRoutes, type Revalidated } from '@/server/page-cache';

/** `/training` and `/education` in every locale: the route the proxy maps them to (src/proxy.ts). */
const CATALOGUE = '/[locale]/listings/courses/[page]';
const REGISTER_PAGE = '/[locale]/education/[id]/register';

/** The cached pages that show a course, in every locale. */
const COURSE_PAGES = [CATALOGUE, '/[locale]/education/[id]/specs', REGISTER_PAGE, '/[locale]/education/[id]/register/index_typeform'];

/** The cached pages that show a course's seats left or that it is closed: the catalogue and the registration form. */
const SEAT_PAGES = [CATALOGUE, REGISTER_PAGE];

/**
 * Call after staff change a course: its cached pages are dropped, so the change shows at the next
 * visit, and the sitemap is made again (it lists the course pages). GET /rest/events reads the
 * database every time.
 */
export function coursesChanged(): Promise<Revalidated> {
  return revalidateRoutes(COURSE_PAGES);
}

/**
 * Call once a transaction that took or gave back seats is done (a registration, an order, a
 * release, an expiry, a waiting-list offer), or when a course's registrations closed: the pages
 * that show the seats left are rendered again at the next visit. Not before the commit: a page
 * rendered between the mark and the commit would be kept with the old count. So when that
 * transaction was part of an outer one (a registration sent with an Idempotency-Key), the mark
 * waits for the outer commit (afterCommit).
 */
export function seatsChanged(): Promise<void> {
  return afterCommit(() => revalidateRoutes(SEAT_PAGES));
}
