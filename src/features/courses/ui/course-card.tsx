import { IntentLink as Link } from '@/ui/intent-link';
import { localizedPath, type Locale } from '@/i18n/routing';
import type { CourseCard } from '../schema';
import { fill, type CourseLabels } from './labels';

const promoText = (course: CourseCard, labels: CourseLabels) =>
  course.promo ?? (course.discount_percent > 0 ? fill(labels.discount, { percent: course.discount_percent }) : null);

/**
 * The price a seat costs and, with a discount, the price before it and the promotion beside it:
 * a visitor reads "1440 € 1800 € 20% discount" rather than working it out.
 */
export function CoursePrice({ course, labels, className = '' }: { course: CourseCard; labels: CourseLabels; className?: string }) {
  const promo = promoText(course, labels);
  const discounted = course.price_with_discount !== course.price;
  return (
    <span className={`flex flex-wrap items-baseline gap-x-2 gap-y-1 ${className}`}>
      <span className="text-lg font-semibold text-ink">{discounted ? course.price_with_discount_formatted : course.price_formatted}</span>
      {discounted ? (
        <del className="text-sm text-gray-600">
          <span className="sr-only">{labels.priceBeforeDiscount} </span>
          {course.price_formatted}
        </del>
      ) : null}
      {promo ? <span className="rounded-md bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">{promo}</span> : null}
    </span>
  );
}

/** The course card of the spec: language, title, subtitle, modality, dates, timetable, price with its promo, and the two links. */
export function CourseCardView({ course, labels, locale }: { course: CourseCard; labels: CourseLabels; locale: Locale }) {
  const headingId = `course-${course.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <p className="mb-2 w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
        {fill(labels.taughtIn, { language: labels.languages[course.locale] })}
      </p>
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
        <dd>
          <CoursePrice course={course} labels={labels} />
        </dd>
      </dl>
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
