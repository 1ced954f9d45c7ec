import 'server-only';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { courses, type CourseRow, type NewCourseRow } from './courses-table';
import type { CourseTranslations } from '../schema';

// The catalogue and its seats. A course's registrations, orders and invoices have repositories of
// their own (registrations-repository.ts, orders-repository.ts, invoices-repository.ts).

/** The published courses (taught in `locale`, or all), soonest first; with `unpublished`, the office's whole catalogue. */
export async function findCourses(
  db: DbOrTx,
  { locale, unpublished = false }: { locale?: string; unpublished?: boolean } = {},
): Promise<CourseRow[]> {
  return db
    .select()
    .from(courses)
    .where(and(locale ? eq(courses.locale, locale) : undefined, unpublished ? undefined : eq(courses.published, true)))
    .orderBy(asc(courses.startDate), asc(courses.id));
}

export async function findCourse(db: DbOrTx, id: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row;
}

/** Inserts the courses that do not exist yet; existing ones are left as the operator made them. */
export async function insertCoursesIfAbsent(db: DbOrTx, rows: NewCourseRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(courses).values(rows).onConflictDoNothing().returning({ id: courses.id });
  return inserted.length;
}

/**
 * Gives a course seeded before translations existed its translations and time zone; its timetable
 * loses the fixed offset only if nobody edited it. A course that has translations is left alone.
 */
export async function addCourseTranslations(
  db: DbOrTx,
  id: string,
  {
    translations,
    timeZone,
    timetable,
    oldTimetable,
  }: { translations: CourseTranslations; timeZone: string; timetable: string; oldTimetable: string },
): Promise<void> {
  await db
    .update(courses)
    .set({
      translations,
      timeZone: sql`case when ${courses.timetable} = ${oldTimetable} then ${timeZone} else ${courses.timeZone} end`,
      timetable: sql`case when ${courses.timetable} = ${oldTimetable} then ${timetable} else ${courses.timetable} end`,
    })
    .where(and(eq(courses.id, id), isNull(courses.translations)));
}

/**
 * Takes `seats` seats in one conditional UPDATE: it succeeds only while enough seats are left and
 * the deadline has not passed. Concurrent callers queue on the row lock and each sees the count
 * the previous one committed, so seats are never sold twice. Undefined when refused.
 */
export async function takeSeats(db: DbOrTx, id: string, seats: number, now: Date): Promise<CourseRow | undefined> {
  const [row] = await db
    .update(courses)
    .set({ spotsTaken: sql`${courses.spotsTaken} + ${seats}` })
    .where(
      and(
        eq(courses.id, id),
        eq(courses.published, true),
        sql`${courses.spotsTaken} + ${seats} <= ${courses.spots}`,
        gt(courses.applicationDeadline, now),
      ),
    )
    .returning();
  return row;
}

/** Gives seats back (an order that was never paid). */
export async function releaseSeats(db: DbOrTx, id: string, seats: number): Promise<void> {
  await db
    .update(courses)
    .set({ spotsTaken: sql`greatest(${courses.spotsTaken} - ${seats}, 0)` })
    .where(eq(courses.id, id));
}

/** Whether a published course's registrations closed (its application deadline) within the last `seconds`. */
export async function registrationsClosedWithin(db: DbOrTx, seconds: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(courses)
    .where(
      and(
        eq(courses.published, true),
        sql`${courses.applicationDeadline} > now() - make_interval(secs => ${seconds}) and ${courses.applicationDeadline} <= now()`,
      ),
    )
    .limit(1);
  return !!row;
}
