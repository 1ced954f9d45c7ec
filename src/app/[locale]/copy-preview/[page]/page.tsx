import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageLocale } from '@/i18n/page-locale';
import { isLocale, type Locale } from '@/i18n/routing';
import type { ContentOf } from '@/features/pages/content-schema';
import { EDITABLE_PAGES, previewCopy, publishedCopy } from '@/features/pages/server/page-copy';
import { homeCaseStudies } from '@/features/pages/server/case-studies';
import { caseStudyIdOf, isCaseStudyKey, isCopyKey, type CopyKey } from '@/features/pages/copy-keys';
import { previewCaseStudy } from '@/features/pages/server/case-studies';
import { CaseStudyView, caseStudyMetadata } from '@/features/pages/ui/case-study-view';
import { CopyView } from '@/features/pages/ui/copy-view';
import { contentMetadata } from '@/features/pages/ui/views';
import { OFFICE_LANGUAGE_NAMES } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { staffOpening } from '@/server/office/pages';
import { HomeView, homeMetadata } from '../../_home/home-view';

// A page as it will look with its saved draft (decision 065): the site's own layout and view, for
// the members whose role edits the copy, and a 404 for everyone else. Rendered per request (it
// reads the session), so neither Next nor a proxy keeps it, and never indexed.
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ locale: string; page: string }> };

async function previewOf(params: Params['params']): Promise<{ locale: Locale; page: CopyKey }> {
  const { locale, page } = await params;
  if (!isLocale(locale) || !isCopyKey(page) || !(await staffOpening('/office/content/[page]'))) notFound();
  pageLocale(locale);
  return { locale, page };
}

/** A case study's preview: nothing to show (no draft, nothing published) is a 404. */
async function caseStudyPreview(page: CopyKey, locale: Locale) {
  const preview = isCaseStudyKey(page) ? await previewCaseStudy(caseStudyIdOf(page), locale) : undefined;
  if (!preview) notFound();
  return preview;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { locale, page } = await previewOf(params);
  const metadata = isCaseStudyKey(page)
    ? caseStudyMetadata((await caseStudyPreview(page, locale)).study, locale)
    : page === 'home'
      ? homeMetadata(locale)
      : contentMetadata((await previewCopy(page, locale)).copy.meta, EDITABLE_PAGES[page], locale);
  return { ...metadata, robots: { index: false, follow: false } };
}

export default async function CopyPreview({ params }: Params) {
  const { locale, page } = await previewOf(params);
  const staff = (await staffOpening('/office/content/[page]'))!;
  const t = officeT(staff.locale, 'Content');
  const { view, draft } = isCaseStudyKey(page) ? await caseStudyView(page, locale) : await pageView(page, locale);
  return (
    <>
      <aside aria-label={t('previewLabel')} lang={staff.locale} className="border-b border-amber-300 bg-amber-50 text-amber-950">
        <p className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
          <span>{t(draft ? 'previewNote' : 'previewNoDraft', { language: OFFICE_LANGUAGE_NAMES[locale] })}</span>
          <a href={`/office/content/${page}?locale=${locale}`} className="font-semibold underline underline-offset-4">
            {t('previewBack')}
          </a>
        </p>
      </aside>
      {view}
    </>
  );
}

async function caseStudyView(page: CopyKey, locale: Locale) {
  const { study, draft } = await caseStudyPreview(page, locale);
  return { view: <CaseStudyView study={study} locale={locale} />, draft };
}

async function pageView(page: Exclude<CopyKey, `case-study-${string}`>, locale: Locale) {
  const { copy, draft } = await previewCopy(page, locale);
  if (page !== 'home') return { view: <CopyView page={page} locale={locale} c={copy} />, draft };
  const [{ services }, caseStudies] = await Promise.all([publishedCopy('services', locale), homeCaseStudies(locale)]);
  return { view: <HomeView locale={locale} c={copy as ContentOf<'home'>} services={services} caseStudies={caseStudies} />, draft };
}
