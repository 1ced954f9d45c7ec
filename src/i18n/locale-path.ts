// The locales and their address prefixes, without next-intl's routing configuration: what the
// browser needs (the header's language menu and links, the job board, the error pages) is this
// small module, not src/i18n/routing.ts.

export const locales = ['en', 'es', 'fr', 'de', 'it'] as const;
export type Locale = (typeof locales)[number];

export const prefixes = { es: '/sp', fr: '/fr', de: '/de', it: '/it' } as const;

/** The cookie that keeps the visitor's choice of language. */
export const localeCookie = { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' } as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The URL prefix of a locale ('' for English). */
export function localePrefix(locale: Locale): string {
  return locale === 'en' ? '' : prefixes[locale];
}

/**
 * Whether an address names no language: neither a prefix ('/sp/…') nor the explicit '/en/…'. Such
 * an address is English, but for the entry page '/', which the cookie or the browser's language
 * decide (decision 062).
 */
export function isUnprefixed(pathname: string): boolean {
  return pagePath(pathname) === pathname;
}

/**
 * The page path without any locale part, from either the address the visitor sees ('/sp/jobs')
 * or the internal one Next renders with ('/es/jobs', '/en/jobs'): '/jobs'.
 */
export function pagePath(pathname: string): string {
  const [, first = '', ...rest] = pathname.split('/');
  const isLocalePart = (locales as readonly string[]).includes(first) || Object.values(prefixes).includes(`/${first}` as never);
  return isLocalePart ? `/${rest.join('/')}` : pathname || '/';
}

/** The same path in another locale: ('/sp/jobs', 'de') → '/de/jobs'. */
export function localizedPath(pathname: string, locale: Locale): string {
  const path = pagePath(pathname);
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}
