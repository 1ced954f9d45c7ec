import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';

type Page = 'contact' | 'demo' | 'feedback';

export async function formPageMetadata(page: Page, locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Forms' });
  return pageMetadata(`/${page}`, locale, { title: t(`${page}.metaTitle`), description: t(`${page}.metaDescription`) });
}

/** The frame of the form pages: heading, a sentence, the form. */
export async function FormPage({ page, children }: { page: Page; children: ReactNode }) {
  const t = await getTranslations('Forms');
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t(`${page}.heading`)}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t(`${page}.intro`)}</p>
      <div className="mt-8">{children}</div>
    </div>
  );
}
