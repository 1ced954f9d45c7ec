/**
 * The site's pages that exist once per locale (no id in the address), for the sitemap. Job and
 * position pages and case studies are listed from the database; docs/routes.md maps the whole route table.
 */
export const sitePages = [
  '/',
  '/about',
  '/process',
  '/services',
  '/products',
  '/products/amazonsaasboost',
  '/products/demodph_',
  '/case-studies',
  '/add',
  '/training',
  '/education',
  '/careers',
  '/contact',
  '/demo',
  '/feedback',
  '/privacy-policy',
  '/privacy/request',
  '/cookies',
  '/terms',
] as const;
