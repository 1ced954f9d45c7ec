import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageLocale } from '@/i18n/page-locale';
import type { Locale } from '@/i18n/routing';
import { CataloguePage, cataloguePageMetadata } from '@/features/courses/ui/catalogue-page';

// `/training` and `/education`, which the proxy maps here (src/proxy.ts): a parameter of their own
// keeps Next from prerendering them at build time, when there is no database. Each is rendered on
// its first visit and served from Next's cache until a course or its seats change (coursesChanged
// and seatsChanged mark this route), or for a minute at most.
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

type Params = { params: Promise<{ locale: string; page: string }> };

async function catalogueOf(params: Params['params']): Promise<{ locale: Locale; page: 'training' | 'education' }> {
  const { locale, page } = await params;
  pageLocale(locale);
  if (page !== 'training' && page !== 'education') notFound();
  return { locale, page };
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale, page } = await catalogueOf(params);
  return cataloguePageMetadata(page, locale);
}

export default async function CataloguePageRoute({ params }: Params) {
  const { locale, page } = await catalogueOf(params);
  return <CataloguePage page={page} locale={locale} />;
}
