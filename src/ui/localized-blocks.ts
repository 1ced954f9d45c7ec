import type { ReactNode } from 'react';
import { locales, type Locale } from '@/i18n/routing';

export type LocalizedBlocks = Record<Locale, { title: string; body: ReactNode }>;

/** One title and body per locale, for LocalizedFallback. */
export function localizedBlocks(render: (locale: Locale) => { title: string; body: ReactNode }): LocalizedBlocks {
  return Object.fromEntries(locales.map((locale) => [locale, render(locale)])) as LocalizedBlocks;
}
