import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { AppError } from '@/server/errors';
import { sanitizeDescription } from '@/server/html/sanitize';
import { audit } from '@/server/office/audit';
import type { CourseInput, CourseValues } from '../office-schema';
import type { CourseTranslations } from '../schema';
import { coursesChanged } from './courses-changed';
import { findCourse, findCourses } from './courses-repository';
import { courses, type CourseRow, type NewCourseRow } from './courses-table';
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

// Qualified by hand: in a select list Drizzle writes a column of the only table bare ("id"), which
// inside these subqueries would name their own table's id.
const courseId = sql.raw('"courses"."id"');

// One subquery each, per course: a registration holds its seat until an order counts it; an order
// counts all its seats (a registration's among them); a refunded order keeps them until staff release them.
const seatCounts = {
  held: sql<number>`(select count(*) from course_registrations r where r.course_id = ${courseId} and r.released_at is null
    and not exists (select 1 from course_orders o where o.registration_id = r.id and o.status not in ('cancelled', 'expired')))`,
  awaitingPayment: sql<number>`(select coalesce(sum(o.quantity), 0) from course_orders o where o.course_id = ${courseId}
    and o.status in ('pending', 'awaiting_transfer'))`,
  paid: sql<number>`(select coalesce(sum(o.quantity), 0) from course_orders o where o.course_id = ${courseId}
    and (o.status = 'paid' or (o.status = 'refunded' and o.seats_released_at is null)))`,
  released: sql<number>`(select count(*) from course_registrations r where r.course_id = ${courseId}
    and r.released_at is not null and r.spam is null)`,
  offered: sql<number>`(select count(*) from course_waitlist w where w.course_id = ${courseId} and w.status = 'offered')`,
  waiting: sql<number>`(select count(*) from course_waitlist w where w.course_id = ${courseId} and w.status = 'waiting')`,
};

/** Every course, published or not, soonest first, with its seats at a glance. */
export async function listOfficeCourses(db: Db): Promise<(CourseRow & { seats: Seats })[]> {
  const rows = await db
    .select({ course: courses, ...seatCounts })
    .from(courses)
    .orderBy(sql`${courses.startDate} desc`, courses.id);
  return rows.map(({ course, ...n }) => ({ ...course, seats: seatsOf(course, n) }));
}

function seatsOf(course: CourseRow, n: Record<keyof typeof seatCounts, number | string>): Seats {
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
  const [row] = await db
    .select({ course: courses, ...seatCounts })
    .from(courses)
    .where(eq(courses.id, id));
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
    await tx.insert(courses).values({ id: values.id, published: false, ...toCourseRow(values) });
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
    const [course] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!course) throw new AppError('not_found', 'No such course.');
    if (values.spots < course.spotsTaken) {
      throw new AppError('validation', `${course.spotsTaken} seats are taken.`, {
        errors: [{ path: 'spots', message: 'spotsBelowTaken' }],
      });
    }
    await tx.update(courses).set(toCourseRow(values)).where(eq(courses.id, id));
    await audit(tx, { actor: by.actor, action: 'course.edit', record: id, ip: by.ip });
  });
  await coursesChanged();
}

/** Puts a course on the public pages, or takes it off them (its registrations and orders stay). */
export async function setCoursePublished(db: Db, id: string, published: boolean, by: By): Promise<void> {
  await db.transaction(async (tx) => {
    const [course] = await tx.update(courses).set({ published, updatedAt: new Date() }).where(eq(courses.id, id)).returning();
    if (!course) throw new AppError('not_found', 'No such course.');
    await audit(tx, { actor: by.actor, action: published ? 'course.publish' : 'course.unpublish', record: id, ip: by.ip });
  });
  await coursesChanged();
}
