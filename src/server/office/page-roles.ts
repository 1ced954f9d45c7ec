import type { OfficeRole } from './staff-tables';

// Which roles open each office page: read by the pages (pages.ts) and by the API, which shows a
// member only the records whose pages they open (person.ts). Nothing here needs Next.

const everyone: readonly OfficeRole[] = ['admin', 'sales', 'recruiting', 'training', 'marketing'];

/**
 * Every office page and the roles that open it. A page asks for its own entry (officePage): a
 * page missing here does not compile, and a test checks each page file names its route.
 */
export const OFFICE_PAGES = {
  '/office': everyone,
  '/office/leads': ['sales', 'admin'],
  '/office/leads/[id]': ['sales', 'admin'],
  '/office/spam': ['sales', 'admin'],
  '/office/applicants': ['recruiting', 'admin'],
  '/office/applicants/[id]': ['recruiting', 'admin'],
  '/office/jobs': ['recruiting', 'admin'],
  '/office/jobs/[id]': ['recruiting', 'admin'],
  '/office/positions': ['recruiting', 'admin'],
  '/office/postings': ['recruiting', 'admin'],
  '/office/postings/[id]': ['recruiting', 'admin'],
  '/office/courses': ['training', 'sales', 'admin'],
  '/office/courses/[id]': ['training', 'sales', 'admin'],
  '/office/registrations': ['training', 'sales', 'admin'],
  '/office/registrations/[id]': ['training', 'sales', 'admin'],
  '/office/orders': ['training', 'sales', 'admin'],
  '/office/orders/[id]': ['training', 'sales', 'admin'],
  '/office/staff': ['admin'],
  '/office/audit': ['admin'],
  '/office/privacy': ['admin'],
  '/office/privacy/[id]': ['admin'],
  '/office/content': ['marketing', 'admin'],
  '/office/content/[page]': ['marketing', 'admin'],
  '/office/account': everyone,
} as const satisfies Record<string, readonly OfficeRole[]>;
export type OfficePage = keyof typeof OFFICE_PAGES;

const patterns = (Object.keys(OFFICE_PAGES) as OfficePage[]).map(
  (page) => [page, new RegExp(`^${page.replace(/\[\w+\]/g, '[^/?#]+')}(?:[?#].*)?$`)] as const,
);

/** Whether a member of `role` opens the office page at `path` (`/office/applicants/<id>`); false for no such page. */
export function opensPage(role: OfficeRole, path: string): boolean {
  const page = patterns.find(([, pattern]) => pattern.test(path))?.[0];
  return !!page && (OFFICE_PAGES[page] as readonly OfficeRole[]).includes(role);
}
