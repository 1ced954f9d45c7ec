import type { ContentPage } from './content-schema';

/**
 * The pages the office edits, and the address each is at (decision 064). A plain module: the
 * proxy (src/proxy.ts) maps these addresses to the route that renders them, the server reads the
 * copy of each.
 */
export const EDITABLE_PAGES = {
  home: '/',
  about: '/about',
  process: '/process',
  services: '/services',
  products: '/products',
  amazonsaasboost: '/products/amazonsaasboost',
  demodph_: '/products/demodph_',
  'privacy-policy': '/privacy-policy',
  cookies: '/cookies',
  terms: '/terms',
} as const satisfies Record<ContentPage, string>;
export type EditablePage = keyof typeof EDITABLE_PAGES;
export const editablePages = Object.keys(EDITABLE_PAGES) as EditablePage[];
export const isEditablePage = (page: string): page is EditablePage => Object.hasOwn(EDITABLE_PAGES, page);

/**
 * The app route that renders every editable page but the home page, its parameter being the
 * page's name; the home page's own route holds the quote wizard, whose script the other pages
 * would load with it.
 */
export const COPY_ROUTE = '/[locale]/copy/[page]';
export const HOME_ROUTE = '/[locale]/home-copy/[page]';

/** The route's own address of each editable page, and its public one (for next-intl's pathnames). */
export const COPY_PATHNAMES = Object.fromEntries(
  Object.entries(EDITABLE_PAGES).map(([page, path]) => [page === 'home' ? '/home-copy/home' : `/copy/${page}`, path]),
) as Record<`/copy/${Exclude<EditablePage, 'home'>}` | '/home-copy/home', string>;
