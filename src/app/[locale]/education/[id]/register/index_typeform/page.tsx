import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import { localizedPath } from '@/i18n/routing';
import { loadCoursePage, type CourseParams } from '@/features/courses/ui/course-page';
import { externalFormCsp } from '@/security/headers';

// Rendered per request: a cached redirect comes back from Next's cache with its Location twice.
export const dynamic = 'force-dynamic';

export async function generateMetadata(props: CourseParams): Promise<Metadata> {
  const { locale, course } = await loadCoursePage(props);
  const t = await getTranslations({ locale, namespace: 'Courses' });
  return pageMetadata(`/education/${course.id}/register/index_typeform`, locale, { title: t('typeformTitle', { course: course.title }) });
}

/** The course's external registration form, when it has one; otherwise our own registration page. */
export default async function CourseTypeformPage(props: CourseParams) {
  const { locale, row, course } = await loadCoursePage(props);
  // Only an https address is framed; anything else falls back to our own form.
  const framePolicy = externalFormCsp(row.externalFormUrl);
  if (!framePolicy || !row.externalFormUrl) redirect(localizedPath(`/education/${course.id}/register`, locale));
  setRequestLocale(locale);
  const t = await getTranslations('Courses');
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      {/* Hoisted into <head> by React, before the frame: this page may frame the course's form origin only. */}
      <meta httpEquiv="Content-Security-Policy" content={framePolicy} />
      <h1 className="text-2xl font-bold tracking-tight text-ink">{t('typeformTitle', { course: course.title })}</h1>
      <iframe
        src={row.externalFormUrl}
        title={t('typeformTitle', { course: course.title })}
        className="mt-6 h-[85dvh] w-full rounded-lg border border-gray-200"
      />
    </div>
  );
}
