import type { Metadata } from 'next';
import { env } from '@/server/env';
import { locales, localizedPath, type Locale } from './routing';

/**
 * A path as the absolute address Next would make of it with the layout's metadataBase. Next tries
 * `new URL()` on every address of the metadata before it joins it to the base: a path throws, and
 * the error's stack trace was ten per render of a page made on each visit (/training).
 */
export function absoluteUrl(path: string): string {
  return `${env().PUBLIC_URL}${path}`;
}

/** Canonical URL and hreflang alternates (x-default is the English page) for a page path. */
function alternatesFor(path: string, locale: Locale): Metadata['alternates'] {
  const languages: Record<string, string> = { 'x-default': absoluteUrl(localizedPath(path, 'en')) };
  for (const l of locales) languages[l] = absoluteUrl(localizedPath(path, l));
  return { canonical: absoluteUrl(localizedPath(path, locale)), languages };
}

const ogLocales: Record<Locale, string> = { en: 'en_GB', es: 'es_ES', fr: 'fr_FR', de: 'de_DE', it: 'it_IT' };

/** The sharing image of a locale, drawn at build time (src/app/og/[locale]/image.png). */
function ogImagePath(locale: Locale): string {
  return absoluteUrl(`/og/${locale}/image.png`);
}

/**
 * Everything a page tells search engines and link previews: title, description, canonical and
 * hreflang alternates, Open Graph and Twitter card. Next merges metadata shallowly, so each page
 * sets the whole openGraph object rather than inheriting half of the layout's.
 */
export function pageMetadata(path: string, locale: Locale, { title, description }: { title?: string; description?: string }): Metadata {
  const siteName = env().SITE_NAME;
  const image = { url: ogImagePath(locale), width: 1200, height: 630, alt: siteName };
  return {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    alternates: alternatesFor(path, locale),
    openGraph: {
      type: 'website',
      siteName,
      locale: ogLocales[locale],
      alternateLocale: locales.filter((l) => l !== locale).map((l) => ogLocales[l]),
      url: absoluteUrl(localizedPath(path, locale)),
      ...(title ? { title } : {}),
      ...(description ? { description } : {}),
      images: [image],
    },
    twitter: { card: 'summary_large_image', ...(title ? { title } : {}), ...(description ? { description } : {}), images: [image] },
  };
}
