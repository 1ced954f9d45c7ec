import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { messages } from '@/i18n/messages';
import { pageMetadata } from '@/i18n/metadata';
import { CourseHeader, loadCoursePage, type CourseParams } from '@/features/courses/ui/course-page';
import { courseLabels } from '@/features/courses/ui/labels';
import { RegistrationForm } from '@/features/courses/ui/registration-form';

// Cached for a minute; the form asks the API for the seats left, and the API has the last word.
export const revalidate = 60;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: CourseParams): Promise<Metadata> {
  const { locale, course } = await loadCoursePage(props);
  const t = await getTranslations({ locale, namespace: 'Courses' });
  return pageMetadata(`/education/${course.id}/register`, locale, { title: t('registerMetaTitle', { course: course.title }) });
}

export default async function CourseRegisterPage(props: CourseParams) {
  const { locale, course } = await loadCoursePage(props);
  setRequestLocale(locale);
  const t = await getTranslations('Courses');
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <CourseHeader locale={locale} course={course} heading={t('registerHeading')} />
      <p className="mt-6 text-muted">{t('registerIntro')}</p>
      <div className="mt-6 max-w-xl">
        <RegistrationForm
          courseId={course.id}
          initialClosed={course.closed}
          locale={locale}
          labels={courseLabels(locale)}
          formLabels={messages[locale].Forms}
        />
      </div>
    </div>
  );
}
