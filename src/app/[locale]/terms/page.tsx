import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import type { Locale } from '@/i18n/routing';
import { LegalView, contentMetadata } from '@/features/pages/ui/views';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  pageLocale(locale);
  return contentMetadata('terms', '/terms', locale);
}

export default async function TermsPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  return <LegalView page="terms" locale={locale} />;
}
