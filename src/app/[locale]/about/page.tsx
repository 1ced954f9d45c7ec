import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import type { Locale } from '@/i18n/routing';
import { AboutView } from '@/features/pages/ui/about-view';
import { contentMetadata } from '@/features/pages/ui/views';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  pageLocale(locale);
  return contentMetadata('about', '/about', locale);
}

export default async function AboutPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  return <AboutView locale={locale} />;
}
