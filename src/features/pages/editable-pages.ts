import type { ContentPage } from './content-schema';

/**
 * The pages the office edits, and the address each is at (decision 064). A plain module: the
 * proxy (src/proxy.ts) maps these addresses to the route that renders them, the server reads the
 * copy of each. The home page (and the services overview on it) still reads its content file: it
 * joins them with its own route.
 */
export const EDITABLE_PAGES = {
  about: '/about',
  process: '/process',
  services: '/services',
  products: '/products',
  amazonsaasboost: '/products/amazonsaasboost',
  demodph_: '/products/demodph_',
  'privacy-policy': '/privacy-policy',
  cookies: '/cookies',
  terms: '/terms',
} as const satisfies Partial<Record<ContentPage, string>>;
export type EditablePage = keyof typeof EDITABLE_PAGES;
export const editablePages = Object.keys(EDITABLE_PAGES) as EditablePage[];
export const isEditablePage = (page: string): page is EditablePage => Object.hasOwn(EDITABLE_PAGES, page);

/** The app route that renders every editable page, its parameter being the page's name. */
export const COPY_ROUTE = '/[locale]/copy/[page]';

/** The route's own address of each editable page, and its public one (for next-intl's pathnames). */
export const COPY_PATHNAMES = Object.fromEntries(Object.entries(EDITABLE_PAGES).map(([page, path]) => [`/copy/${page}`, path])) as Record<
  `/copy/${EditablePage}`,
  string
>;
