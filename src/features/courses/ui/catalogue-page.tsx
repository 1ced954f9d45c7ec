import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';
import { CourseList } from './course-list';
import { courseLabels } from './labels';

type Page = 'training' | 'education';

export async function cataloguePageMetadata(page: Page, locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Courses' });
  return pageMetadata(`/${page}`, locale, { title: t(`${page}MetaTitle`), description: t(`${page}MetaDescription`) });
}

/**
 * `/training` (the courses taught in the visitor's language) and `/education` (all of them):
 * prerendered, with the list fetched by the browser.
 */
export async function CataloguePage({ page, locale }: { page: Page; locale: Locale }) {
  const t = await getTranslations('Courses');
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t(page === 'training' ? 'trainingHeading' : 'educationHeading')}</h1>
      <p className="mt-2 max-w-3xl text-muted">{t(page === 'training' ? 'trainingIntro' : 'educationIntro')}</p>
      <div className="mt-8">
        <CourseList locale={locale} labels={courseLabels(locale)} all={page === 'education'} />
      </div>
    </div>
  );
}
