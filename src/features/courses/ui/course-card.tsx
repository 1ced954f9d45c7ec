import { IntentLink as Link } from '@/ui/intent-link';
import { localizedPath, type Locale } from '@/i18n/routing';
import type { CourseCard } from '../schema';
import { fill, type CourseLabels } from './labels';

export const promoText = (course: CourseCard, labels: CourseLabels) =>
  course.promo ?? (course.discount_percent > 0 ? fill(labels.discount, { percent: course.discount_percent }) : null);

/** The course card of the spec: title, subtitle, modality, dates, price, timetable, promo and the two links. */
export function CourseCardView({
  course,
  labels,
  locale,
  showLanguage = false,
}: {
  course: CourseCard;
  labels: CourseLabels;
  locale: Locale;
  showLanguage?: boolean;
}) {
  const promo = promoText(course, labels);
  const headingId = `course-${course.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      {showLanguage ? (
        <p className="mb-2 w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
          {fill(labels.taughtIn, { language: labels.languages[course.locale] })}
        </p>
      ) : null}
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        {course.title}
      </h2>
      {course.subtitle ? <p className="mt-1 text-muted">{course.subtitle}</p> : null}
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-600">{labels.modality}</dt>
        <dd className="text-ink">{labels.modalities[course.modality]}</dd>
        <dt className="font-medium text-gray-600">{labels.dates}</dt>
        <dd className="text-ink">{fill(labels.dateRange, { start: course.start_date_formatted, end: course.end_date_formatted })}</dd>
        <dt className="font-medium text-gray-600">{labels.timetable}</dt>
        <dd className="text-ink">{course.timetable}</dd>
        <dt className="font-medium text-gray-600">{labels.price}</dt>
        <dd className="text-lg font-semibold text-ink">{course.price_formatted}</dd>
      </dl>
      {promo ? <p className="mt-3 w-fit rounded-md bg-amber-100 px-2.5 py-1 text-sm font-semibold text-amber-900">{promo}</p> : null}
      <p className="mt-3 flex-1 text-sm text-gray-700">
        {course.closed === 'full'
          ? labels.full
          : course.closed === 'deadline'
            ? labels.closed
            : `${fill(labels.seatsLeft, { count: course.available_spots })} · ${fill(labels.deadline, { date: course.application_deadline_formatted })}`}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Link
          href={localizedPath(`/education/${course.id}/specs`, locale)}
          className="text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          {labels.seeFullContent}
          <span className="sr-only">: {course.title}</span>
        </Link>
        {course.closed ? null : (
          <Link
            href={localizedPath(`/education/${course.id}/register`, locale)}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {labels.register}
            <span className="sr-only">: {course.title}</span>
          </Link>
        )}
      </div>
    </article>
  );
}
