import type { Metadata } from 'next';
import { IntentLink as Link } from '@/ui/intent-link';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/i18n/metadata';
import { localizedPath } from '@/i18n/routing';
import { sanitizeDescription } from '@/server/html/sanitize';
import { CourseHeader, loadCoursePage, type CourseParams } from '@/features/courses/ui/course-page';

// Cached after the first visit; an edited course shows within five minutes.
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: CourseParams): Promise<Metadata> {
  const { locale, course } = await loadCoursePage(props);
  return pageMetadata(`/education/${course.id}/specs`, locale, { title: course.title, description: course.subtitle || course.title });
}

export default async function CourseSpecsPage(props: CourseParams) {
  const { locale, row, course } = await loadCoursePage(props);
  setRequestLocale(locale);
  const t = await getTranslations('Courses');
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <CourseHeader locale={locale} course={course} />
      <section aria-labelledby="about-course" className="mt-8">
        <h2 id="about-course" className="sr-only">
          {t('aboutCourse')}
        </h2>
        <div
          lang={course.locale}
          className="text-gray-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-3 [&_ul]:mt-2"
          // Sanitized when stored; sanitized again here so a row edited by hand cannot inject.
          dangerouslySetInnerHTML={{ __html: sanitizeDescription(row.descriptionHtml) }}
        />
      </section>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          href={localizedPath(`/education/${course.id}/register`, locale)}
          className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {t('register')}
        </Link>
        <Link
          href={`${localizedPath('/checkout', locale)}?course=${course.id}`}
          className="rounded-md border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('buy')}
        </Link>
      </div>
    </article>
  );
}
