import 'server-only';
import { isPlausibleId } from '@/lib/ids';
import { dateFormat } from '@/lib/intl-format';
import type { Locale } from '@/i18n/routing';
import { AppError } from '@/server/errors';
import type { Db, DbOrTx } from '@/server/db';
import { runOnce } from '@/server/db/run-once';
import { env } from '@/server/env';
import { currencySymbols, type CourseCard, type Currency } from '../schema';
import { formatCourseDate, formatPrice } from '../format';
import { fill } from '../ui/labels';
import { messages } from '@/i18n/messages';
import { spamExpiredBefore } from '@/features/forms/server';
import { catalogue, fullstackTranslations, OLD_FULLSTACK_TIMETABLE } from './catalogue';
import { addCourseTranslations, findCourse, findCourses, insertCoursesIfAbsent } from './courses-repository';
import { deleteCourseRecordsBefore, deleteSuspectedRegistrationsBefore } from './registrations-repository';
import type { CourseRow } from './courses-table';

/** The price of one seat after the course's discount, in cents. */
export const discountedCents = (course: Pick<CourseRow, 'priceCents' | 'discountPercent'>) =>
  Math.round((course.priceCents * (100 - course.discountPercent)) / 100);

function closedReason(course: CourseRow, now = new Date()): CourseCard['closed'] {
  if (course.applicationDeadline.getTime() <= now.getTime()) return 'deadline';
  return course.spotsTaken >= course.spots ? 'full' : null;
}

const DAY = 86_400_000;

/** The zone's name on a day, at class time: "CET" or "CEST" for Europe/Madrid (British English names them so). */
function zoneName(day: Date, timeZone: string): string {
  const at = new Date(day.getTime() + 16 * 3600 * 1000);
  // One formatter per zone: building one takes ICU's calendar and zone data each time, and a
  // six-month course asks for 180 days.
  return dateFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value;
}

/** Notes already worked out, by dates, zone and language: the same for every visitor of a course. */
const zoneNotes = new Map<string, string>();
const ZONE_NOTES = 500;

/**
 * The zone of a course's timetable over its dates, from Intl's rules rather than a fixed offset:
 * "CET", or "CET; CEST from 28 Mar 2027" for a course that crosses a clock change.
 */
export function timeZoneNote(startDate: string, endDate: string, timeZone: string, lang: Locale): string {
  const key = `${startDate}|${endDate}|${timeZone}|${lang}`;
  const known = zoneNotes.get(key);
  if (known !== undefined) return known;
  const start = new Date(`${startDate}T00:00:00Z`).getTime();
  const end = new Date(`${endDate}T00:00:00Z`).getTime();
  const parts: string[] = [];
  let current = '';
  for (let t = start; t <= end; t += DAY) {
    const name = zoneName(new Date(t), timeZone);
    if (name === current) continue;
    parts.push(
      current ? fill(messages[lang].Courses.timeZoneFrom, { zone: name, date: formatCourseDate(new Date(t).toISOString(), lang) }) : name,
    );
    current = name;
  }
  const note = parts.join('; ');
  // Courses are few; edited dates leave old notes behind, so the map starts again when full.
  if (zoneNotes.size >= ZONE_NOTES) zoneNotes.clear();
  zoneNotes.set(key, note);
  return note;
}

/** A course's title, subtitle and timetable (with its zone) in `lang`, where the catalogue has them. */
export function courseText(c: CourseRow, lang: Locale): { title: string; subtitle: string; timetable: string } {
  const t = c.translations?.[lang] ?? {};
  const timetable = t.timetable ?? c.timetable;
  return {
    title: t.title ?? c.title,
    subtitle: t.subtitle ?? c.subtitle,
    timetable: c.timeZone ? `${timetable} (${timeZoneNote(c.startDate, c.endDate, c.timeZone, lang)})` : timetable,
  };
}

/** A course as the API and the pages show it, its text, dates and price written in `lang`. */
export function toCourseCard(c: CourseRow, lang: Locale, now = new Date()): CourseCard {
  const text = courseText(c, lang);
  return {
    id: c.id,
    locale: c.locale as Locale,
    title: text.title,
    subtitle: text.subtitle,
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
    timetable: text.timetable,
    available_spots: Math.max(0, c.spots - c.spotsTaken),
    application_deadline: c.applicationDeadline.toISOString(),
    closed: closedReason(c, now),
    has_external_form: !!c.externalFormUrl,
    payment: env().STRIPE_SECRET_KEY ? 'card' : 'bank_transfer',
    start_date_formatted: formatCourseDate(c.startDate, lang),
    end_date_formatted: formatCourseDate(c.endDate, lang),
    application_deadline_formatted: formatCourseDate(c.applicationDeadline.toISOString(), lang),
    price_formatted: formatPrice(c.priceCents / 100, c.currency as Currency, lang),
    price_with_discount_formatted: formatPrice(discountedCents(c) / 100, c.currency as Currency, lang),
  };
}

/** The courses taught in `locale` (all without it), their cards written in `lang`. */
export async function listCourses(db: DbOrTx, { locale, lang }: { locale?: Locale; lang: Locale }): Promise<CourseCard[]> {
  const now = new Date();
  return (await findCourses(db, { locale })).map((c) => toCourseCard(c, lang, now));
}

/** A published course by the id in an address (its public pages); undefined for an unknown, malformed or unpublished one. */
export async function courseById(db: DbOrTx, id: string): Promise<CourseRow | undefined> {
  const course = isPlausibleId(id) ? await findCourse(db, id) : undefined;
  return course?.published ? course : undefined;
}

/** A published course, or 404: what the public API and the checkout may read. */
export async function getPublicCourse(db: DbOrTx, id: string): Promise<CourseRow> {
  const course = await courseById(db, id);
  if (!course) throw new AppError('not_found', 'No such course.');
  return course;
}

/** Any course, published or not: an order's or registration's own course (its mails, the office). */
export async function getCourse(db: DbOrTx, id: string): Promise<CourseRow> {
  const course = isPlausibleId(id) ? await findCourse(db, id) : undefined;
  if (!course) throw new AppError('not_found', 'No such course.');
  return course;
}

/** Why seats could not be taken, as a 409 (or 404) the page turns into its message. */
export async function refusal(db: DbOrTx, id: string, now: Date): Promise<AppError> {
  const course = await findCourse(db, id);
  if (!course?.published)
    return new AppError('not_found', 'No such course.', { errors: [{ path: 'form.courseId', message: 'courseUnknown' }] });
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
  const loaded = (await runOnce(db, CATALOGUE_KEY, () => insertCoursesIfAbsent(db, catalogue(now)), now)) ?? 0;
  // A site seeded before the catalogue had translations: its fullstack course gets them, once.
  await runOnce(
    db,
    'course_catalogue_translations',
    () =>
      addCourseTranslations(db, 'online-01-fs', {
        translations: fullstackTranslations,
        timeZone: 'Europe/Madrid',
        timetable: fullstackTranslations.es!.timetable!,
        oldTimetable: OLD_FULLSTACK_TIMETABLE,
      }),
    now,
  );
  return loaded;
}

/** Registrations and orders are accounting records: the privacy policy keeps them six years. */
const COURSE_RECORDS_RETENTION_DAYS = 6 * 365 + 2;

/** Deletes registrations and orders past COURSE_RECORDS_RETENTION_DAYS (the seats they took are history). */
/** Registrations suspected of spam, never released and without an order, after SPAM_RETENTION_DAYS (decision 030). */
export function removeSuspectedRegistrations(db: DbOrTx, now = new Date()): Promise<number> {
  return deleteSuspectedRegistrationsBefore(db, spamExpiredBefore(now));
}

export function removeOldCourseRecords(db: DbOrTx, now = new Date()) {
  return deleteCourseRecordsBefore(db, new Date(now.getTime() - COURSE_RECORDS_RETENTION_DAYS * 24 * 3600 * 1000));
}
