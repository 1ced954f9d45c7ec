import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import type { Locale } from '@/i18n/routing';
import { database } from '@/server/db';
import { listCourses } from '../server/courses-service';
import { CourseList } from './course-list';
import { courseLabels } from './labels';

type Page = 'training' | 'education';

export async function cataloguePageMetadata(page: Page, locale: Locale): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Courses' });
  return pageMetadata(`/${page}`, locale, { title: t(`${page}MetaTitle`), description: t(`${page}MetaDescription`) });
}

/**
 * `/training` (the visitor's language first) and `/education` (all the courses): the cards are in
 * the server's HTML, read from the catalogue when the page is rendered (then cached, see the pages).
 */
export async function CataloguePage({ page, locale }: { page: Page; locale: Locale }) {
  const t = await getTranslations('Courses');
  const items = await listCourses((await database()).db, { lang: locale });
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t(page === 'training' ? 'trainingHeading' : 'educationHeading')}</h1>
      <p className="mt-2 max-w-3xl text-muted">{t(page === 'training' ? 'trainingIntro' : 'educationIntro')}</p>
      <div className="mt-8">
        <CourseList items={items} locale={locale} labels={courseLabels(locale)} all={page === 'education'} />
      </div>
    </div>
  );
}
