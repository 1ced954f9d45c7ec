import 'server-only';
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { liveOrderStatus } from './orders-repository';
import {
  courseOrderEvents,
  courseOrders,
  courseRegistrations,
  courses,
  type CourseOrder,
  type CourseOrderEvent,
  type CourseRegistration,
  type CourseRow,
  type NewCourseRow,
} from './courses-table';

// The office's SQL for courses, registrations and orders: the catalogue with its seats, the
// lists' pages, and the course writes of the form.

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

export type SeatCounts = Record<keyof typeof seatCounts, number | string>;

/** Every course (or one), latest start first, with its seat counts. */
export async function findCoursesWithSeats(db: DbOrTx, id?: string): Promise<({ course: CourseRow } & SeatCounts)[]> {
  return db
    .select({ course: courses, ...seatCounts })
    .from(courses)
    .where(id ? eq(courses.id, id) : undefined)
    .orderBy(sql`${courses.startDate} desc`, courses.id);
}

export async function insertCourse(db: DbOrTx, row: NewCourseRow): Promise<void> {
  await db.insert(courses).values(row);
}

/** The course, its row locked until the transaction ends (seats are taken meanwhile by registrations). */
export async function lockCourse(db: DbOrTx, id: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).for('update');
  return row;
}

export async function updateCourse(db: DbOrTx, id: string, values: Partial<NewCourseRow>): Promise<CourseRow | undefined> {
  const [row] = await db.update(courses).set(values).where(eq(courses.id, id)).returning();
  return row;
}

/** A list's filter, as the service makes it of the address: days as instants, the cursor decoded. */
export interface OfficeListFilter {
  course?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  q?: string;
  after?: { at: Date; id: string };
}

const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** Where a registration stands, as the office's filter names it. */
function registrationState(state: string | undefined): SQL | undefined {
  switch (state) {
    case 'spam':
      return sql`${courseRegistrations.spam} is not null`;
    case 'released':
      return sql`${courseRegistrations.releasedAt} is not null and ${courseRegistrations.spam} is null`;
    case 'holding':
      return sql`${courseRegistrations.releasedAt} is null and ${liveOrderStatus} is null`;
    case 'ordered':
      return sql`${liveOrderStatus} in ('pending', 'awaiting_transfer')`;
    case 'paid':
      return sql`${liveOrderStatus} in ('paid', 'refunded')`;
    default:
      return undefined;
  }
}

/** A page of registrations, newest first, each with the status of its live order. */
export async function findRegistrationsPage(
  db: DbOrTx,
  f: OfficeListFilter & { state?: string },
  limit: number,
): Promise<(CourseRegistration & { order: string | null })[]> {
  const rows = await db
    .select({ registration: courseRegistrations, order: liveOrderStatus })
    .from(courseRegistrations)
    .where(
      and(
        f.course ? eq(courseRegistrations.courseId, f.course) : undefined,
        registrationState(f.state),
        f.from ? gte(courseRegistrations.createdAt, f.from) : undefined,
        f.to ? lt(courseRegistrations.createdAt, f.to) : undefined,
        f.q ? sql`(lower(${courseRegistrations.name}) like ${like(f.q)} or ${courseRegistrations.email} like ${like(f.q)})` : undefined,
        f.after
          ? or(
              lt(courseRegistrations.createdAt, f.after.at),
              and(eq(courseRegistrations.createdAt, f.after.at), lt(courseRegistrations.id, f.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(courseRegistrations.createdAt), desc(courseRegistrations.id))
    .limit(limit);
  return rows.map(({ registration, order }) => ({ ...registration, order }));
}

/** A page of orders, newest first; the search matches name, email or reference. */
export async function findOrdersPage(
  db: DbOrTx,
  f: OfficeListFilter & { status?: string; method?: string },
  limit: number,
): Promise<CourseOrder[]> {
  return db
    .select()
    .from(courseOrders)
    .where(
      and(
        f.course ? eq(courseOrders.courseId, f.course) : undefined,
        f.status ? eq(courseOrders.status, f.status) : undefined,
        f.method ? eq(courseOrders.method, f.method) : undefined,
        f.from ? gte(courseOrders.createdAt, f.from) : undefined,
        f.to ? lt(courseOrders.createdAt, f.to) : undefined,
        f.q
          ? sql`(lower(${courseOrders.name}) like ${like(f.q)} or ${courseOrders.email} like ${like(f.q)} or lower(${courseOrders.reference}) like ${like(f.q)})`
          : undefined,
        f.after
          ? or(lt(courseOrders.createdAt, f.after.at), and(eq(courseOrders.createdAt, f.after.at), lt(courseOrders.id, f.after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(courseOrders.createdAt), desc(courseOrders.id))
    .limit(limit);
}

/** Every order of a registration (ended ones too), newest first. */
export async function findOrdersOfRegistration(db: DbOrTx, registrationId: string): Promise<CourseOrder[]> {
  return db.select().from(courseOrders).where(eq(courseOrders.registrationId, registrationId)).orderBy(desc(courseOrders.createdAt));
}

/** How many steps of this kind an order's history has. */
export async function countOrderEvents(db: DbOrTx, orderId: string, kind: CourseOrderEvent['kind']): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(courseOrderEvents)
    .where(and(eq(courseOrderEvents.orderId, orderId), eq(courseOrderEvents.kind, kind)));
  return Number(row?.n ?? 0);
}
