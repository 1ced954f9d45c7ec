'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { locales, type Locale } from '@/i18n/locale-path';
import { detectLocale, localePickerScript } from '@/i18n/locale-picker';
import type { LocalizedBlocks } from './localized-blocks';

const subscribe = () => () => {};

/**
 * For the pages rendered outside any locale (the static 404 and the error page of last resort):
 * every language is in the HTML and English is shown by default. An inline script shows the
 * visitor's language before the page is interactive (a full page load), and this component does
 * the same after a client-side navigation, where inline scripts do not run.
 */
export function LocalizedFallback({ blocks }: { blocks: LocalizedBlocks }) {
  const locale = useSyncExternalStore(subscribe, detectLocale, () => 'en' as Locale);
  useEffect(() => {
    document.documentElement.lang = locale;
    // A block's own <main> is hidden with it (a page has one visible main), as the inline script does.
    for (const main of document.querySelectorAll<HTMLElement>('main[data-locale-block]')) main.hidden = main.dataset.localeBlock !== locale;
  }, [locale]);
  return (
    <>
      <title>{blocks[locale].title}</title>
      {locales.map((l) => (
        <div key={l} data-locale-block={l} data-title={blocks[l].title} lang={l} hidden={l !== locale} suppressHydrationWarning>
          {blocks[l].body}
        </div>
      ))}
      <script dangerouslySetInnerHTML={{ __html: localePickerScript() }} />
    </>
  );
}
