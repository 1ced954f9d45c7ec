import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { pageLocale } from '@/i18n/page-locale';
import type { Locale } from '@/i18n/routing';
import { EDITABLE_PAGES, isEditablePage, publishedCopy, type EditablePage } from '@/features/pages/server/page-copy';
import { CopyView } from '@/features/pages/ui/copy-view';
import { contentMetadata } from '@/features/pages/ui/views';

// The marketing and legal pages (/about, /terms…), which the proxy maps here (src/proxy.ts): their
// copy is in the database, so a parameter of their own keeps Next from prerendering them at build
// time, when there is none. Each is rendered on its first visit and served from Next's cache until
// a publish marks this route (pageCopyChanged), or for an hour at most.
export const revalidate = 3600;
export function generateStaticParams() {
  return [];
}

type Params = { params: Promise<{ locale: string; page: string }> };

const copyOf = cache(<P extends EditablePage>(page: P, locale: Locale) => publishedCopy(page, locale));

async function pageOf(params: Params['params']): Promise<{ locale: Locale; page: Exclude<EditablePage, 'home'> }> {
  const { locale, page } = await params;
  pageLocale(locale);
  // The home page has a route of its own (HOME_ROUTE).
  if (!isEditablePage(page) || page === 'home') notFound();
  return { locale, page };
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale, page } = await pageOf(params);
  return contentMetadata((await copyOf(page, locale)).meta, EDITABLE_PAGES[page], locale);
}

export default async function CopyPage({ params }: Params) {
  const { locale, page } = await pageOf(params);
  return <CopyView page={page} locale={locale} c={await copyOf(page, locale)} />;
}
