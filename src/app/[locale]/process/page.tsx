import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import type { Locale } from '@/i18n/routing';
import { ProcessView, contentMetadata } from '@/features/pages/ui/views';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  pageLocale(locale);
  return contentMetadata('process', '/process', locale);
}

export default async function ProcessPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  return <ProcessView locale={locale} />;
}
