import { defineRouting } from 'next-intl/routing';
import { localePickerScript as buildLocalePickerScript } from '../../scripts/lib/locale-picker-script.mjs';

export const locales = ['en', 'es', 'fr', 'de', 'it'] as const;
export type Locale = (typeof locales)[number];

export const localeNames: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
};

const prefixes = { es: '/sp', fr: '/fr', de: '/de', it: '/it' } as const;

export const routing = defineRouting({
  locales,
  defaultLocale: 'en',
  // English has no prefix; Spanish keeps the historical /sp prefix (see docs/decisions/003).
  localePrefix: {
    mode: 'as-needed',
    prefixes,
  },
  localeCookie: { name: 'NEXT_LOCALE', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' },
  localeDetection: true,
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The URL prefix of a locale ('' for English). */
export function localePrefix(locale: Locale): string {
  return locale === 'en' ? '' : prefixes[locale];
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

/** The visitor's locale in the browser: the address prefix, else the locale cookie, else English. */
export function detectLocale(): Locale {
  const fromPath = pagePathLocale(window.location.pathname);
  if (fromPath) return fromPath;
  const cookie = /(?:^|; )NEXT_LOCALE=([a-z]{2})/.exec(document.cookie)?.[1];
  return isLocale(cookie) ? cookie : 'en';
}

function pagePathLocale(pathname: string): Locale | undefined {
  return locales.find((l) => {
    const prefix = localePrefix(l);
    return prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`));
  });
}

/**
 * The same choice as detectLocale, as an inline script for static pages outside any locale (404,
 * last-resort error, offline page): it shows the block of the visitor's language (blocks carry
 * `data-locale-block` and `data-title`) before any other script runs.
 */
export function localePickerScript(): string {
  return buildLocalePickerScript(Object.fromEntries(locales.map((l) => [l, localePrefix(l)])));
}
