import 'server-only';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { courses, courseWaitlist, type WaitlistEntry } from './courses-table';

// The waiting lists' SQL: places in line, offers and their end.

export async function insertWaitlistEntry(db: DbOrTx, entry: typeof courseWaitlist.$inferInsert): Promise<void> {
  await db.insert(courseWaitlist).values(entry);
}

/** Offers whose hold ended at `now` without a registration. */
export async function findLapsedOffers(db: DbOrTx, now: Date): Promise<WaitlistEntry[]> {
  return db
    .select()
    .from(courseWaitlist)
    .where(and(eq(courseWaitlist.status, 'offered'), lte(courseWaitlist.offerUntil, now)));
}

/** Marks an offer lapsed, once (false when it was used or lapsed meanwhile); its link stops working. */
export async function markOfferLapsed(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(courseWaitlist)
    .set({ status: 'lapsed', offerTokenHash: null })
    .where(and(eq(courseWaitlist.id, id), eq(courseWaitlist.status, 'offered')))
    .returning({ id: courseWaitlist.id });
  return rows.length > 0;
}

/** Courses still open for registration with a free seat and somebody waiting. */
export async function findCoursesToOffer(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ courseId: courseWaitlist.courseId })
    .from(courseWaitlist)
    .innerJoin(courses, eq(courses.id, courseWaitlist.courseId))
    .where(and(eq(courseWaitlist.status, 'waiting'), sql`${courses.spotsTaken} < ${courses.spots}`, gt(courses.applicationDeadline, now)));
  return rows.map((r) => r.courseId);
}

/** The first in line for a course, locked (another worker skips it). */
export async function lockFirstInLine(db: DbOrTx, courseId: string): Promise<WaitlistEntry | undefined> {
  const [entry] = await db
    .select()
    .from(courseWaitlist)
    .where(and(eq(courseWaitlist.courseId, courseId), eq(courseWaitlist.status, 'waiting')))
    .orderBy(asc(courseWaitlist.createdAt), asc(courseWaitlist.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return entry;
}

export async function markOffered(db: DbOrTx, id: string, offer: { at: Date; until: Date; tokenHash: string }): Promise<void> {
  await db
    .update(courseWaitlist)
    .set({ status: 'offered', offeredAt: offer.at, offerUntil: offer.until, offerTokenHash: offer.tokenHash })
    .where(eq(courseWaitlist.id, id));
}

/** A live offer by its token's hash, for this course, locked. */
export async function lockLiveOffer(db: DbOrTx, tokenHash: string, courseId: string, now: Date): Promise<WaitlistEntry | undefined> {
  const [entry] = await db
    .select()
    .from(courseWaitlist)
    .where(
      and(
        eq(courseWaitlist.offerTokenHash, tokenHash),
        eq(courseWaitlist.courseId, courseId),
        eq(courseWaitlist.status, 'offered'),
        gt(courseWaitlist.offerUntil, now),
      ),
    )
    .for('update');
  return entry;
}

export async function markOfferUsed(db: DbOrTx, entryId: string, registrationId: string): Promise<void> {
  await db.update(courseWaitlist).set({ status: 'registered', registrationId, offerTokenHash: null }).where(eq(courseWaitlist.id, entryId));
}
