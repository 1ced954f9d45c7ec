import 'server-only';
import { isPlausibleId } from '@/lib/ids';
import type { Locale } from '@/i18n/routing';
import { AppError } from '@/server/errors';
import type { Db, DbOrTx } from '@/server/db';
import { runOnce } from '@/server/db/run-once';
import { env } from '@/server/env';
import { currencySymbols, type CourseCard, type Currency } from '../schema';
import { formatCourseDate, formatPrice } from '../format';
import { catalogue } from './catalogue';
import { spamExpiredBefore } from '@/features/forms/server/lead-retention';
import {
  deleteCourseRecordsBefore,
  deleteSuspectedRegistrationsBefore,
  findCourse,
  findCourses,
  insertCoursesIfAbsent,
} from './courses-repository';
import type { CourseRow } from './courses-table';

/** The price of one seat after the course's discount, in cents. */
export const discountedCents = (course: Pick<CourseRow, 'priceCents' | 'discountPercent'>) =>
  Math.round((course.priceCents * (100 - course.discountPercent)) / 100);

function closedReason(course: CourseRow, now = new Date()): CourseCard['closed'] {
  if (course.applicationDeadline.getTime() <= now.getTime()) return 'deadline';
  return course.spotsTaken >= course.spots ? 'full' : null;
}

/** A course as the API and the pages show it, its dates and price written in `lang`. */
export function toCourseCard(c: CourseRow, lang: Locale, now = new Date()): CourseCard {
  return {
    id: c.id,
    locale: c.locale as Locale,
    title: c.title,
    subtitle: c.subtitle,
    modality: c.modality as CourseCard['modality'],
    location: c.location,
    price: c.priceCents / 100,
    currency: c.currency as Currency,
    currency_symbol: currencySymbols[c.currency as Currency],
    discount_percent: c.discountPercent,
    price_with_discount: discountedCents(c) / 100,
    promo: c.promo,
    start_date: c.startDate,
    end_date: c.endDate,
    timetable: c.timetable,
    available_spots: Math.max(0, c.spots - c.spotsTaken),
    application_deadline: c.applicationDeadline.toISOString(),
    closed: closedReason(c, now),
    has_external_form: !!c.externalFormUrl,
    payment: env().STRIPE_SECRET_KEY ? 'card' : 'bank_transfer',
    start_date_formatted: formatCourseDate(c.startDate, lang),
    end_date_formatted: formatCourseDate(c.endDate, lang),
    application_deadline_formatted: formatCourseDate(c.applicationDeadline.toISOString(), lang),
    price_formatted: formatPrice(c.priceCents / 100, c.currency as Currency, lang),
  };
}

/** The courses taught in `locale` (all without it), their cards written in `lang`. */
export async function listCourses(db: DbOrTx, { locale, lang }: { locale?: Locale; lang: Locale }): Promise<CourseCard[]> {
  const now = new Date();
  return (await findCourses(db, locale)).map((c) => toCourseCard(c, lang, now));
}

/** A course by the id in an address; undefined for an unknown or malformed one. */
export async function courseById(db: DbOrTx, id: string): Promise<CourseRow | undefined> {
  return isPlausibleId(id) ? findCourse(db, id) : undefined;
}

export async function getCourse(db: DbOrTx, id: string): Promise<CourseRow> {
  const course = await courseById(db, id);
  if (!course) throw new AppError('not_found', 'No such course.');
  return course;
}

/** Why seats could not be taken, as a 409 (or 404) the page turns into its message. */
export async function refusal(db: DbOrTx, id: string, now: Date): Promise<AppError> {
  const course = await findCourse(db, id);
  if (!course) return new AppError('not_found', 'No such course.', { errors: [{ path: 'form.courseId', message: 'courseUnknown' }] });
  const reason = closedReason(course, now) ?? 'full';
  return new AppError(
    'conflict',
    reason === 'deadline' ? 'The application deadline has passed.' : 'There are not enough seats left on this course.',
    {
      errors: [{ path: 'form.courseId', message: reason === 'deadline' ? 'courseClosed' : 'courseFull' }],
    },
  );
}

const CATALOGUE_KEY = 'course_catalogue_loaded';

/**
 * Puts the catalogue's courses in a database that never had them, dated from now so the demo
 * stays alive. Runs once: courses an operator later edits or deletes stay that way.
 */
export async function loadCatalogueOnce(db: Db, now = new Date()): Promise<number> {
  return (await runOnce(db, CATALOGUE_KEY, () => insertCoursesIfAbsent(db, catalogue(now)), now)) ?? 0;
}

/** Registrations and orders are accounting records: the privacy policy keeps them six years. */
const COURSE_RECORDS_RETENTION_DAYS = 6 * 365 + 2;

/** Deletes registrations and orders past COURSE_RECORDS_RETENTION_DAYS (the seats they took are history). */
/** Registrations suspected of spam, never released and without an order, after SPAM_RETENTION_DAYS (decision 027). */
export function removeSuspectedRegistrations(db: DbOrTx, now = new Date()): Promise<number> {
  return deleteSuspectedRegistrationsBefore(db, spamExpiredBefore(now));
}

export function removeOldCourseRecords(db: DbOrTx, now = new Date()) {
  return deleteCourseRecordsBefore(db, new Date(now.getTime() - COURSE_RECORDS_RETENTION_DAYS * 24 * 3600 * 1000));
}
