import type { Metadata } from 'next';
import { pageLocale } from '@/i18n/page-locale';
import { caseStudiesIn } from '@/features/pages/server/case-studies';
import { CaseStudiesView, caseStudiesMetadata } from '@/features/pages/ui/case-study-view';

// /case-studies: rendered on its first visit and served from Next's cache until a publish marks
// this route (pageCopyChanged), or for an hour at most.
export const revalidate = 3600;

type Params = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale } = await params;
  pageLocale(locale);
  return caseStudiesMetadata(locale);
}

export default async function CaseStudiesPage({ params }: Params) {
  const { locale } = await params;
  pageLocale(locale);
  return <CaseStudiesView studies={await caseStudiesIn(locale)} locale={locale} />;
}
