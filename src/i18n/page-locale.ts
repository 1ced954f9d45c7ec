import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from './routing';

/**
 * The locale of a page under `[locale]`, set for the request (prerendering needs it). Any first
 * segment reaches these pages ("/favicon.ico" too): anything but one of our locales is a 404.
 */
export function pageLocale(locale: string): asserts locale is Locale {
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
}
