import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import type { Locale } from '@/i18n/routing';
import { ProductView, contentMetadata } from '@/features/pages/ui/views';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  pageLocale(locale);
  return contentMetadata('amazonsaasboost', '/products/amazonsaasboost', locale);
}

export default async function AmazonSaasBoostPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  return <ProductView slug="amazonsaasboost" locale={locale} />;
}
