import { pageLocale } from '@/i18n/page-locale';
import type { Metadata } from 'next';
import type { Locale } from '@/i18n/routing';
import { CataloguePage, cataloguePageMetadata } from '@/features/courses/ui/catalogue-page';

// Rendered per request: the cards come from the catalogue, which the build does not open (a
// prerendered copy would be the build's view of it), and a change or a seat taken shows at once.
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return cataloguePageMetadata('training', (await params).locale);
}

export default async function TrainingPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  return <CataloguePage page="training" locale={locale} />;
}
