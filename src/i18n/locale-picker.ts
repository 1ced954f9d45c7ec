import { localePickerScript as buildLocalePickerScript } from './locale-picker-script';
import { isLocale, localePrefix, locales, type Locale } from './locale-path';

/**
 * The same choice as detectLocale, as an inline script for static pages outside any locale (404,
 * last-resort error, offline page): it shows the block of the visitor's language (blocks carry
 * `data-locale-block` and `data-title`) before any other script runs.
 */
export function localePickerScript(): string {
  return buildLocalePickerScript(Object.fromEntries(locales.map((l) => [l, localePrefix(l)])));
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
