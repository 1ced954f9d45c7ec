import type { Metadata } from 'next';
import { locales, localizedPath, type Locale } from './routing';

/** Canonical URL and hreflang alternates (x-default is the English page) for a page path. */
export function alternatesFor(path: string, locale: Locale): Metadata['alternates'] {
  const languages: Record<string, string> = { 'x-default': localizedPath(path, 'en') };
  for (const l of locales) languages[l] = localizedPath(path, l);
  return { canonical: localizedPath(path, locale), languages };
}
