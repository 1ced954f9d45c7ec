import 'server-only';
import { isPlausibleId } from '@/lib/ids';
import { randomBytes } from 'node:crypto';
import { localizedPath, type Locale } from '@/i18n/routing';
import { AppError, refused } from '@/server/errors';
import type { Db, DbOrTx } from '@/server/db';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { audit } from '@/server/office/audit';
import { enqueueMail } from '@/server/mail/mail';
import type { Queue } from '@/server/queue/queue';
import { consentRecord, type JobSender, leadNotification, limitFormSender, mailFields } from '@/features/forms/server';
import type { SpamReason } from '@/features/forms/schema';
import { officeT } from '@/server/office/office-t';
import type { CourseApplicationRequest, Currency, RegistrationSummary } from '../schema';
import { formatPrice } from '../format';
import { courseRegistration } from './courses-mails';
import { registrationHoldUntil } from './seat-deadline';
import { releaseSeats, takeSeats } from './courses-repository';
import { seatsChanged } from './courses-changed';
import { findLiveOrderForRegistration } from './orders-repository';
import {
  clearRegistrationSpam,
  findLapsedRegistrations,
  findRegistration,
  findSuspectedRegistrations,
  insertRegistration,
  lockRegistration,
  markRegistrationHeld,
  markRegistrationReleased,
} from './registrations-repository';
import type { CourseRegistration, CourseRow } from './courses-table';
import { courseText, discountedCents, getCourse, refusal } from './courses-service';
import { useOffer } from './waitlist';
import { courseRow, registrationFieldRows, staffDate } from './staff-fields';
import { markOfferUsed } from './waitlist-repository';

// A registration holds a seat until it is paid for (an order), released by staff, or its hold ends.

/**
 * A registration: one seat taken, the registration stored and its two mails queued, in one
 * transaction. A full or closed course refuses it and nothing is written. A registration suspected
 * of spam (docs/decisions/030) gets the same answer, but is stored released: it holds no seat (a
 * checkout for it takes the seat then, as for any released registration) and mails nobody until
 * staff release it (releaseSuspectedRegistration).
 */
export async function registerForCourse(
  db: Db,
  queue: JobSender,
  request: CourseApplicationRequest,
  { ip, now = new Date(), spam = null }: { ip: string; now?: Date; spam?: SpamReason | null },
) {
  const { form, context } = request;
  const id = randomBytes(12).toString('base64url');
  const email = form.email.toLowerCase();
  // The limits of the forms that reach sales: a registration is one.
  await limitFormSender(ip, email);
  const consent = consentRecord(context.locale, now);
  const hold = spam ? null : registrationHoldUntil(now);
  await db.transaction(async (tx) => {
    // A waiting-list offer's link registers on the seat held for it; otherwise a free seat is taken.
    const offer = form.offer && !spam ? await useOffer(tx, form.offer, form.courseId, now) : undefined;
    // A suspected one is refused as any other when the course is full or closed, and gives the seat straight back.
    const course = offer ? await getCourse(tx, form.courseId) : await takeSeats(tx, form.courseId, 1, now);
    if (!course) throw await refusal(tx, form.courseId, now);
    if (spam) await releaseSeats(tx, course.id, 1);
    if (offer) await markOfferUsed(tx, offer.id, id);
    const registration = {
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
      releasedAt: spam ? now : null,
      spam,
    };
    await insertRegistration(tx, registration);
    if (!spam) await queueRegistrationMails(tx, queue, registration, course);
  });
  // A suspected one gave its seat straight back.
  if (!spam) await seatsChanged();
  return { stored: true as const, id };
}

/** The registrant's mail (the seat, the hold, the payment link) and the notification to sales. */
async function queueRegistrationMails(
  tx: DbOrTx,
  queue: JobSender,
  registration: Pick<CourseRegistration, 'id' | 'locale' | 'name' | 'email' | 'phone' | 'experience' | 'motivation' | 'page' | 'holdUntil'>,
  course: CourseRow,
): Promise<void> {
  const { id, email, name } = registration;
  const locale = registration.locale as Locale;
  const price = formatPrice(discountedCents(course) / 100, course.currency as Currency, locale);
  await enqueueMail(
    queue,
    {
      key: `course-registration:${id}`,
      to: email,
      locale,
      template: courseRegistration,
      props: {
        name,
        course: courseText(course, locale).title,
        startDate: course.startDate,
        endDate: course.endDate,
        timetable: courseText(course, locale).timetable,
        price,
        payUrl: `${env().PUBLIC_URL}${localizedPath('/checkout', locale)}?course=${encodeURIComponent(course.id)}&registration=${id}`,
        holdUntil: registration.holdUntil?.toISOString() ?? null,
      },
    },
    { tx },
  );
  // To the sales team in English, its language: the course by its title, the choices in words, linked in the office.
  const staffLocale = 'en';
  const seatsLeft = { label: officeT(staffLocale, 'Orders')('seatsLeft'), value: String(course.spots - course.spotsTaken) };
  const [courseField, ...sent] = registrationFieldRows(registration, course, staffLocale);
  await enqueueMail(
    queue,
    {
      key: `course-registration-notification:${id}`,
      to: env().SALES_EMAIL,
      replyTo: email,
      locale: staffLocale,
      template: leadNotification,
      props: {
        type: 'course_application',
        name,
        fields: mailFields([courseField!, seatsLeft, ...sent], env().PUBLIC_URL),
        page: registration.page,
        visitorLocale: locale,
        officeUrl: `${env().PUBLIC_URL}/office/registrations/${id}`,
      },
    },
    { tx },
  );
}

/** The registrations suspected of spam, newest first, with the status of their live order. */
export async function listSuspectedRegistrations(db: DbOrTx, limit = 200) {
  return findSuspectedRegistrations(db, limit);
}

/**
 * Staff say a suspected registration is not spam (`npm run leads -- not-spam <id>`): it takes its
 * seat now (unless an order it has already holds it) with a hold from today, and its two mails are
 * queued, as for a registration that went through, once. A full or closed course refuses the release
 * (409) and the registration stays in the spam folder. False when it is not in the spam folder.
 */
export async function releaseSuspectedRegistration(db: Db, queue: JobSender, id: string, now = new Date()): Promise<boolean> {
  const released = await db.transaction(async (tx) => {
    const registration = isPlausibleId(id) ? await lockRegistration(tx, id) : undefined;
    if (!registration?.spam) return false;
    let course = await getCourse(tx, registration.courseId);
    let hold: Date | null = null;
    if (registration.releasedAt && !(await findLiveOrderForRegistration(tx, id))) {
      const taken = await takeSeats(tx, registration.courseId, 1, now);
      if (!taken) throw await refusal(tx, registration.courseId, now);
      course = taken;
      hold = registrationHoldUntil(now);
      await markRegistrationHeld(tx, id, hold);
    }
    await clearRegistrationSpam(tx, id);
    await queueRegistrationMails(tx, queue, { ...registration, holdUntil: hold }, course);
    return true;
  });
  if (released) await seatsChanged();
  return released;
}

/**
 * Gives a registration's seat back, once, in the caller's transaction. A registration with a live
 * order (being paid, or paid) keeps it: that order must be cancelled first. The row is locked as the
 * checkout locks it, so a payment started meanwhile cannot count the same seat.
 */
async function releaseInTx(tx: DbOrTx, id: string, now: Date): Promise<CourseRegistration> {
  const registration = isPlausibleId(id) ? await lockRegistration(tx, id) : undefined;
  if (!registration) throw new AppError('not_found', `No registration ${id}.`);
  if (registration.releasedAt)
    throw refused('conflict', `Registration ${id} was released on ${registration.releasedAt.toISOString()}.`, 'seatReleased');
  const order = await findLiveOrderForRegistration(tx, id);
  if (order) throw refused('conflict', `Registration ${id} has order ${order.reference} (${order.status}).`, 'registrationHasOrder');
  await markRegistrationReleased(tx, id, now);
  await releaseSeats(tx, registration.courseId, 1);
  return { ...registration, releasedAt: now };
}

/**
 * What the checkout of a registration shows instead of asking again: its course, name and email.
 * The id is the secret its mail and confirmation carry, as an order's id is for its page.
 */
export async function registrationSummary(db: DbOrTx, id: string): Promise<RegistrationSummary> {
  const registration = isPlausibleId(id) ? await findRegistration(db, id) : undefined;
  if (!registration) throw new AppError('not_found', 'No such registration.');
  return { course: registration.courseId, name: registration.name, email: registration.email };
}

/** Gives a registration's seat back (`npm run courses -- release <id>`, or staff in the office): the registrant withdrew. */
export async function releaseRegistration(
  db: Db,
  id: string,
  now = new Date(),
  by?: { actor: string; ip: string },
): Promise<CourseRegistration> {
  const registration = await db.transaction(async (tx) => {
    const released = await releaseInTx(tx, id, now);
    if (by) await audit(tx, { actor: by.actor, action: 'registration.release', record: id, ip: by.ip });
    return released;
  });
  await seatsChanged();
  return registration;
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
        const staffLocale = 'en';
        const t = officeT(staffLocale, 'Orders');
        const held = registration.holdUntil ? staffDate(registration.holdUntil, staffLocale) : '—';
        await enqueueMail(
          queue,
          {
            key: `registration-released:${registration.id}`,
            to: env().SALES_EMAIL,
            replyTo: registration.email,
            locale: staffLocale,
            template: leadNotification,
            props: {
              type: 'course_release',
              name: registration.name,
              fields: mailFields(
                [
                  { label: t('state'), value: t('releasedLine', { date: held }) },
                  courseRow(course, staffLocale),
                  { label: t('received'), value: staffDate(registration.createdAt, staffLocale) },
                  { label: t('name'), value: registration.name },
                  { label: t('email'), value: registration.email },
                ],
                env().PUBLIC_URL,
              ),
              page: localizedPath('/education', registration.locale as Locale),
              visitorLocale: registration.locale,
              officeUrl: `${env().PUBLIC_URL}/office/registrations/${registration.id}`,
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
  if (released) await seatsChanged();
  return { released };
}
