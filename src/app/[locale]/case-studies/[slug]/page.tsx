import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { jsonForScript } from '@/features/jobs/server/job-posting-ld';
import { pageLocale } from '@/i18n/page-locale';
import { localizedPath } from '@/i18n/routing';
import { caseStudyPath } from '@/features/pages/case-study-paths';
import { caseStudyAt, caseStudyMovedFrom } from '@/features/pages/server/case-studies';
import { CaseStudyView, caseStudyJsonLd, caseStudyMetadata } from '@/features/pages/ui/case-study-view';

// A case study's page: rendered on its first visit and served from Next's cache until a publish
// marks this route (pageCopyChanged), or for an hour at most. A locale without its own copy shows
// the English one, marked as English; an earlier address of the case study answers 308.
export const revalidate = 3600;
export function generateStaticParams() {
  return [];
}

type Params = { params: Promise<{ locale: string; slug: string }> };

const studyAt = cache(async (params: Params['params']) => {
  const { locale, slug } = await params;
  pageLocale(locale);
  const study = await caseStudyAt(slug, locale);
  if (!study) {
    // An earlier address of a case study leads to its current one, for good.
    const moved = await caseStudyMovedFrom(slug);
    if (moved) permanentRedirect(localizedPath(caseStudyPath(moved), locale));
    notFound();
  }
  return { study, locale };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { study, locale } = await studyAt(params);
  return caseStudyMetadata(study, locale);
}

export default async function CaseStudyPage({ params }: Params) {
  const { study, locale } = await studyAt(params);
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(caseStudyJsonLd(study)) }} />
      <CaseStudyView study={study} locale={locale} />
    </>
  );
}
