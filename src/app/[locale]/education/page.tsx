import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import type { Locale } from '@/i18n/routing';
import { CataloguePage, cataloguePageMetadata } from '@/features/courses/ui/catalogue-page';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return cataloguePageMetadata('education', (await params).locale);
}

export default async function EducationPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  return <CataloguePage page="education" locale={locale} />;
}
