import 'server-only';
import { isPlausibleId } from '@/lib/ids';
import { randomBytes } from 'node:crypto';
import { localizedPath, type Locale } from '@/i18n/routing';
import { AppError } from '@/server/api/errors';
import type { Db, DbOrTx } from '@/server/db';
import { runOnce } from '@/server/db/run-once';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { enqueueMail } from '@/server/mail/mail';
import type { Queue } from '@/server/queue/queue';
import type { FormRequest } from '@/features/leads/schema';
import { currencySymbols, type CourseCard, type Currency } from '../schema';
import { formatCourseDate, formatPrice } from '../format';
import { catalogue } from './catalogue';
import { deleteCourseRecordsBefore, findCourse, findCourses, findLapsedRegistrations, findLiveOrderForRegistration, insertCoursesIfAbsent, insertRegistration, lockRegistration, markRegistrationReleased, releaseSeats, takeSeats } from './courses-repository';
import type { CourseRegistration, CourseRow } from './courses-table';

/** The price of one seat after the course's discount, in cents. */
export const discountedCents = (course: Pick<CourseRow, 'priceCents' | 'discountPercent'>) => Math.round((course.priceCents * (100 - course.discountPercent)) / 100);

export function closedReason(course: CourseRow, now = new Date()): CourseCard['closed'] {
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
  return new AppError('conflict', reason === 'deadline' ? 'The application deadline has passed.' : 'There are not enough seats left on this course.', {
    errors: [{ path: 'form.courseId', message: reason === 'deadline' ? 'courseClosed' : 'courseFull' }],
  });
}

type Consent = { notice: string; locale: string; sha256: string; at: string } | null;
type Application = Extract<FormRequest, { type: 'course_application' }>;

/**
 * A registration: one seat taken, the registration stored and its two mails queued, in one
 * transaction. A full or closed course refuses it and nothing is written.
 */
export async function registerForCourse(db: Db, queue: Queue, request: Application, { now = new Date(), consent }: { now?: Date; consent: Consent }) {
  const { form, context } = request;
  const id = randomBytes(12).toString('base64url');
  const email = form.email.toLowerCase();
  const hold = holdUntil(now);
  await db.transaction(async (tx) => {
    const course = await takeSeats(tx, form.courseId, 1, now);
    if (!course) throw await refusal(tx, form.courseId, now);
    await insertRegistration(tx, {
      id,
      courseId: course.id,
      locale: context.locale,
      name: form.name,
      email,
      phone: form.phone,
      experience: form.experience,
      motivation: form.motivation,
      page: context.page,
      referrer: context.referrer,
      utm: context.utm,
      consent,
      createdAt: now,
      holdUntil: hold,
    });
    const price = formatPrice(discountedCents(course) / 100, course.currency as Currency, context.locale);
    await enqueueMail(
      queue,
      {
        key: `course-registration:${id}`,
        to: email,
        locale: context.locale,
        template: 'course-registration',
        props: {
          name: form.name,
          course: course.title,
          startDate: course.startDate,
          endDate: course.endDate,
          timetable: course.timetable,
          price,
          payUrl: `${env().PUBLIC_URL}${localizedPath('/checkout', context.locale)}?course=${encodeURIComponent(course.id)}&registration=${id}`,
          holdUntil: hold?.toISOString() ?? null,
        },
      },
      { tx },
    );
    await enqueueMail(
      queue,
      {
        key: `course-registration-notification:${id}`,
        to: env().SALES_EMAIL,
        replyTo: email,
        locale: 'en',
        template: 'lead-notification',
        props: {
          type: 'course_application',
          name: form.name,
          fields: [
            ['course', `${course.title} (${course.id})`],
            ['seats left', String(course.spots - course.spotsTaken)],
            ...Object.entries(form).map(([k, v]): [string, string] => [k, String(v)]),
          ],
          page: context.page,
          visitorLocale: context.locale,
        },
      },
      { tx },
    );
  });
  return { stored: true as const, id };
}

/**
 * Until when a registration made at `createdAt` holds its seat unpaid: the end (UTC) of the day
 * COURSE_REGISTRATION_HOLD_DAYS later, the date its mail names; null to hold it until released.
 */
function holdUntil(createdAt: Date): Date | null {
  const days = env().COURSE_REGISTRATION_HOLD_DAYS;
  if (!days) return null;
  const end = new Date(createdAt.getTime() + days * 86_400_000);
  end.setUTCHours(23, 59, 59, 999);
  return end;
}

/**
 * Gives a registration's seat back, once, in the caller's transaction. A registration with a live
 * order (being paid, or paid) keeps it: that order must be cancelled first. The row is locked as the
 * checkout locks it, so a payment started meanwhile cannot count the same seat.
 */
async function releaseInTx(tx: DbOrTx, id: string, now: Date): Promise<CourseRegistration> {
  const registration = isPlausibleId(id) ? await lockRegistration(tx, id) : undefined;
  if (!registration) throw new AppError('not_found', `No registration ${id}.`);
  if (registration.releasedAt) throw new AppError('conflict', `Registration ${id} was released on ${registration.releasedAt.toISOString()}.`);
  const order = await findLiveOrderForRegistration(tx, id);
  if (order) throw new AppError('conflict', `Registration ${id} has order ${order.reference} (${order.status}).`);
  await markRegistrationReleased(tx, id, now);
  await releaseSeats(tx, registration.courseId, 1);
  return { ...registration, releasedAt: now };
}

/** The operator gives a registration's seat back (`npm run courses -- release <id>`): the registrant withdrew. */
export function releaseRegistration(db: Db, id: string, now = new Date()): Promise<CourseRegistration> {
  return db.transaction((tx) => releaseInTx(tx, id, now));
}

/**
 * Registrations still unpaid when their hold ends give their seat back, and sales is told, so
 * registrations that are never paid for cannot fill a course. Their payment link keeps working
 * while seats are left. Run by the courses tick; one registration that fails does not stop the rest.
 */
export async function expireUnpaidRegistrations(db: Db, queue: Queue, now = new Date()): Promise<{ released: number }> {
  let released = 0;
  for (const lapsed of await findLapsedRegistrations(db, now)) {
    try {
      await db.transaction(async (tx) => {
        const registration = await releaseInTx(tx, lapsed.id, now);
        const course = await getCourse(tx, registration.courseId);
        await enqueueMail(
          queue,
          {
            key: `registration-released:${registration.id}`,
            to: env().SALES_EMAIL,
            replyTo: registration.email,
            locale: 'en',
            template: 'lead-notification',
            props: {
              type: 'course_release',
              name: registration.name,
              fields: [
                ['status', `unpaid when its hold ended (${registration.holdUntil?.toISOString().slice(0, 10)}): seat released`],
                ['course', `${course.title} (${course.id})`],
                ['registered', registration.createdAt.toISOString()],
                ['name', registration.name],
                ['email', registration.email],
                ['registration', registration.id],
              ],
              page: localizedPath('/education', registration.locale as Locale),
              visitorLocale: registration.locale,
            },
          },
          { tx },
        );
      });
      released++;
    } catch (err) {
      // Paid or released meanwhile (the checkout holds the row lock), or deleted: nothing to do.
      if (err instanceof AppError && (err.code === 'conflict' || err.code === 'not_found')) continue;
      log().error({ err, registration: lapsed.id }, 'could not release a lapsed registration');
    }
  }
  return { released };
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
export function removeOldCourseRecords(db: DbOrTx, now = new Date()) {
  return deleteCourseRecordsBefore(db, new Date(now.getTime() - COURSE_RECORDS_RETENTION_DAYS * 24 * 3600 * 1000));
}
