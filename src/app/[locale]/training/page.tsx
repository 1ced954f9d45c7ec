import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from '@/i18n/routing';
import { CataloguePage, cataloguePageMetadata } from '@/features/courses/ui/catalogue-page';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return cataloguePageMetadata('training', (await params).locale);
}

export default async function TrainingPage({ params }: Params) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return <CataloguePage page="training" locale={locale} />;
}
