import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { localizedPath, type Locale } from '@/i18n/routing';
import { env } from '@/server/env';
import { pageRecord } from '@/server/page-record';
import { courseById, toCourseCard } from '../server/courses-service';
import { isVat } from '../server/invoices';
import { CoursePrice } from './course-card';
import { courseLabels, fill } from './labels';
import { IntentLink as Link } from '@/ui/intent-link';

export type CourseParams = { params: Promise<{ locale: string; id: string }> };

/** The locale and course of a course page; 404 for anything else. */
export async function loadCoursePage({ params }: CourseParams) {
  const { locale, record: row } = await pageRecord(params, (db, { id }) => courseById(db, id));
  return { locale, row, course: toCourseCard(row, locale) };
}

/** Heading and key facts of a course, shared by its description and registration pages. */
export async function CourseHeader({
  locale,
  course,
  heading,
  children,
}: {
  locale: Locale;
  course: ReturnType<typeof toCourseCard>;
  heading?: string;
  children?: ReactNode;
}) {
  const t = await getTranslations('Courses');
  const labels = courseLabels(locale);
  // The prices include the taxes the invoices show (INVOICE_TAXES).
  const taxes = env().INVOICE_TAXES;
  return (
    <header>
      <Link href={localizedPath('/education', locale)} className="text-sm font-semibold text-brand-700 underline underline-offset-4">
        <span aria-hidden="true">← </span>
        {t('allCourses')}
      </Link>
      {heading ? <p className="mt-4 text-sm font-semibold tracking-wide text-brand-700 uppercase">{heading}</p> : null}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{course.title}</h1>
      {course.subtitle ? <p className="mt-2 text-lg text-muted">{course.subtitle}</p> : null}
      <dl className="mt-6 grid gap-x-6 gap-y-2 rounded-lg bg-gray-50 p-4 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-600">{t('location')}</dt>
        <dd className="text-ink">
          {/* An online course's location is "Online": say it once. */}
          {[course.location, labels.modalities[course.modality], fill(labels.taughtIn, { language: labels.languages[course.locale] })]
            .filter((v, i, all) => all.findIndex((w) => w.toLowerCase() === v.toLowerCase()) === i)
            .join(' · ')}
        </dd>
        <dt className="font-medium text-gray-600">{t('dates')}</dt>
        <dd className="text-ink">{fill(labels.dateRange, { start: course.start_date_formatted, end: course.end_date_formatted })}</dd>
        <dt className="font-medium text-gray-600">{t('timetable')}</dt>
        <dd className="text-ink">{course.timetable}</dd>
        <dt className="font-medium text-gray-600">{t('price')}</dt>
        <dd>
          <CoursePrice course={course} labels={labels} />
          {taxes.length ? (
            <span className="mt-1 block text-xs text-gray-600">{t(taxes.some(isVat) ? 'vatIncluded' : 'taxesIncluded')}</span>
          ) : null}
        </dd>
      </dl>
      {children}
    </header>
  );
}
