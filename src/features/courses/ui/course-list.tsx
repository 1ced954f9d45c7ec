import type { Locale } from '@/i18n/routing';
import type { CourseCard } from '../schema';
import { CourseCardView } from './course-card';
import type { CourseLabels } from './labels';

/**
 * The courses, each marked with the language it is taught in, in the server's HTML (crawlers and
 * the first paint see them). `/training` puts the visitor's language first and, when no course is
 * taught in it, says so above the list (the spec's notice); `/education` lists them as they come.
 */
export function CourseList({
  items,
  locale,
  labels,
  all = false,
}: {
  items: CourseCard[];
  locale: Locale;
  labels: CourseLabels;
  all?: boolean;
}) {
  if (items.length === 0) {
    return (
      <p role="alert" className="rounded-md border border-gray-200 bg-gray-50 p-4 font-semibold text-ink">
        {labels.noCourses}
      </p>
    );
  }
  // Stable: within each group the catalogue's order (soonest first) stays.
  const sorted = all ? items : [...items].sort((a, b) => Number(b.locale === locale) - Number(a.locale === locale));
  const noneInLanguage = !all && !sorted.some((c) => c.locale === locale);
  return (
    <>
      {noneInLanguage ? (
        <p className="mb-6 flex items-start gap-2 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-ink">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-brand-700">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 12H9V9h2v5Zm0-7H9V5h2v2Z" />
          </svg>
          {labels.noTraining}
        </p>
      ) : null}
      <ul className="grid gap-6 md:grid-cols-2">
        {sorted.map((course) => (
          <li key={course.id}>
            <CourseCardView course={course} labels={labels} locale={locale} />
          </li>
        ))}
      </ul>
    </>
  );
}
