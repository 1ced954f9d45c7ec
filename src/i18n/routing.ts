import { defineRouting } from 'next-intl/routing';
import { localeCookie, locales, prefixes, type Locale } from './locale-path';

// Browser code imports ./locale-path (and ./locale-picker) itself: this module adds next-intl's
// configuration and the languages' names, which only the server needs (the language menu gets
// the names from the header).
export { isLocale, locales, localizedPath, pagePath, type Locale } from './locale-path';
export { localePickerScript } from './locale-picker';

export const localeNames: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
};

export const routing = defineRouting({
  locales,
  defaultLocale: 'en',
  // English has no prefix; Spanish keeps the historical /sp prefix (see docs/decisions/003).
  localePrefix: {
    mode: 'as-needed',
    prefixes,
  },
  localeCookie,
  localeDetection: true,
});
