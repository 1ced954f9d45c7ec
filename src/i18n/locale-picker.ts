import { localePickerScript as buildLocalePickerScript } from './locale-picker-script';
import { localePrefix, locales, type Locale } from './locale-path';

/**
 * The same choice as detectLocale, as an inline script for static pages outside any locale (404,
 * last-resort error, offline page): it shows the block of the visitor's language (blocks carry
 * `data-locale-block` and `data-title`) before any other script runs.
 */
export function localePickerScript(): string {
  return buildLocalePickerScript(Object.fromEntries(locales.map((l) => [l, localePrefix(l)])));
}

/** The visitor's locale in the browser: the address prefix, else English (decision 062). */
export function detectLocale(): Locale {
  return pagePathLocale(window.location.pathname) ?? 'en';
}

function pagePathLocale(pathname: string): Locale | undefined {
  return locales.find((l) => {
    const prefix = localePrefix(l);
    return prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`));
  });
}
