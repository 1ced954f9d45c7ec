import 'server-only';
import type { Db } from '@/server/db';
import { AppError } from '@/server/errors';
import { sanitizeDescription } from '@/server/html/sanitize';
import { audit } from '@/server/office/audit';
import type { CourseInput, CourseValues } from '../office-schema';
import type { CourseTranslations } from '../schema';
import { coursesChanged } from './courses-changed';
import { findCourse, findCourses } from './courses-repository';
import type { CourseRow, NewCourseRow } from './courses-table';
import { findCoursesWithSeats, insertCourse, lockCourse, updateCourse, type SeatCounts } from './office-repository';
import type { By } from './orders-service';

/** Where a course's seats are: held by registrations, in unpaid orders, paid, given back, free. */
export interface Seats {
  total: number;
  held: number;
  awaitingPayment: number;
  paid: number;
  released: number;
  /** Held for the first in line of the waiting list until they register or their offer ends. */
  offered: number;
  /** People on the waiting list not offered a seat yet (not seats). */
  waiting: number;
  free: number;
}

/** Every course, published or not, soonest first, with its seats at a glance. */
export async function listOfficeCourses(db: Db): Promise<(CourseRow & { seats: Seats })[]> {
  return (await findCoursesWithSeats(db)).map(({ course, ...n }) => ({ ...course, seats: seatsOf(course, n) }));
}

function seatsOf(course: CourseRow, n: SeatCounts): Seats {
  return {
    total: course.spots,
    held: Number(n.held),
    awaitingPayment: Number(n.awaitingPayment),
    paid: Number(n.paid),
    released: Number(n.released),
    offered: Number(n.offered),
    waiting: Number(n.waiting),
    free: Math.max(0, course.spots - course.spotsTaken),
  };
}

/** One course with its seats; 404 for an unknown one. */
export async function officeCourse(db: Db, id: string): Promise<CourseRow & { seats: Seats }> {
  const [row] = await findCoursesWithSeats(db, id);
  if (!row) throw new AppError('not_found', 'No such course.');
  const { course, ...n } = row;
  return { ...course, seats: seatsOf(course, n) };
}

/** The course ids and titles, for the lists' course filter. */
export async function courseChoices(db: Db): Promise<{ id: string; title: string }[]> {
  return (await findCourses(db, { unpublished: true })).map((c) => ({ id: c.id, title: c.title }));
}

const money = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** A course as the form holds it: every field as text. */
export function courseFormValues(c: CourseRow): CourseInput {
  return {
    id: c.id,
    locale: c.locale as CourseInput['locale'],
    title: c.title,
    subtitle: c.subtitle,
    modality: c.modality as CourseInput['modality'],
    location: c.location,
    price: money(c.priceCents),
    currency: c.currency as CourseInput['currency'],
    discount_percent: String(c.discountPercent),
    promo: c.promo ?? '',
    start_date: c.startDate,
    end_date: c.endDate,
    timetable: c.timetable,
    time_zone: c.timeZone ?? '',
    description_html: c.descriptionHtml,
    spots: String(c.spots),
    application_deadline: c.applicationDeadline.toISOString().slice(0, 10),
    external_form_url: c.externalFormUrl ?? '',
    translations: c.translations ?? {},
  };
}

/** The row the form's values make; applications close at the end (UTC) of the deadline's day. */
function toCourseRow(v: CourseValues): Omit<NewCourseRow, 'id' | 'published' | 'spotsTaken' | 'createdAt'> {
  const translations = Object.fromEntries(
    Object.entries(v.translations).filter(([, t]) => t && (t.title || t.subtitle || t.timetable)),
  ) as CourseTranslations;
  return {
    locale: v.locale,
    title: v.title,
    subtitle: v.subtitle ?? '',
    modality: v.modality,
    location: v.location,
    priceCents: v.price,
    currency: v.currency,
    discountPercent: v.discount_percent,
    promo: v.promo ?? null,
    startDate: v.start_date,
    endDate: v.end_date,
    timetable: v.timetable,
    timeZone: v.time_zone ?? null,
    translations: Object.keys(translations).length ? translations : null,
    descriptionHtml: sanitizeDescription(v.description_html),
    spots: v.spots,
    applicationDeadline: new Date(`${v.application_deadline}T23:59:59.999Z`),
    externalFormUrl: v.external_form_url ?? null,
    updatedAt: new Date(),
  };
}

/** A new course, unpublished: staff look at it in the office, then publish it. */
export async function createCourse(db: Db, values: CourseValues, by: By): Promise<string> {
  if (await findCourse(db, values.id)) {
    throw new AppError('conflict', 'Another course has this id.', { errors: [{ path: 'id', message: 'courseIdTaken' }] });
  }
  await db.transaction(async (tx) => {
    await insertCourse(tx, { id: values.id, published: false, ...toCourseRow(values) });
    await audit(tx, { actor: by.actor, action: 'course.create', record: values.id, ip: by.ip });
  });
  return values.id;
}

/**
 * Saves the form over a course (its id stays). Seats cannot go below those already taken: free
 * seats are what can be removed.
 */
export async function editCourse(db: Db, id: string, values: CourseValues, by: By): Promise<void> {
  await db.transaction(async (tx) => {
    const course = await lockCourse(tx, id);
    if (!course) throw new AppError('not_found', 'No such course.');
    if (values.spots < course.spotsTaken) {
      throw new AppError('validation', `${course.spotsTaken} seats are taken.`, {
        errors: [{ path: 'spots', message: 'spotsBelowTaken' }],
      });
    }
    await updateCourse(tx, id, toCourseRow(values));
    await audit(tx, { actor: by.actor, action: 'course.edit', record: id, ip: by.ip });
  });
  await coursesChanged();
}

/** Puts a course on the public pages, or takes it off them (its registrations and orders stay). */
export async function setCoursePublished(db: Db, id: string, published: boolean, by: By): Promise<void> {
  await db.transaction(async (tx) => {
    const course = await updateCourse(tx, id, { published, updatedAt: new Date() });
    if (!course) throw new AppError('not_found', 'No such course.');
    await audit(tx, { actor: by.actor, action: published ? 'course.publish' : 'course.unpublish', record: id, ip: by.ip });
  });
  await coursesChanged();
}
