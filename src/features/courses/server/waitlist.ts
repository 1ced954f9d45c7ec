import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { localizedPath, type Locale } from '@/i18n/routing';
import type { Db, DbOrTx } from '@/server/db';
import { isUniqueViolation } from '@/server/db/unique-violation';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { enqueueMail } from '@/server/mail/mail';
import { consentRecord, type JobSender, limitFormSender } from '@/features/forms/server';
import type { SpamReason } from '@/features/forms/schema';
import { WAITLIST_OFFER_HOURS, type CourseWaitlistRequest } from '../schema';
import { waitlistJoined, waitlistOffer } from './courses-mails';
import { releaseSeats, takeSeats } from './courses-repository';
import { seatsChanged } from './courses-changed';
import { courseText, getPublicCourse } from './courses-service';
import type { WaitlistEntry } from './courses-table';
import {
  findCoursesToOffer,
  findLapsedOffers,
  insertWaitlistEntry,
  lockFirstInLine,
  lockLiveOffer,
  markOffered,
  markOfferLapsed,
} from './waitlist-repository';

// A full course's waiting list: joining it, offering a freed seat to the first in line (held for
// them for WAITLIST_OFFER_HOURS), and an offer that runs out going to the next.

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A visitor joins a course's waiting list and is told so by mail. Joining twice keeps the first
 * place. A course that is not full gets the same answer: its seats go first to whoever is waiting.
 * One suspected of spam (decision 030) is answered alike and kept nowhere.
 */
export async function joinWaitlist(
  db: Db,
  queue: JobSender,
  { form, context }: CourseWaitlistRequest,
  { ip, now = new Date(), spam = null }: { ip: string; now?: Date; spam?: SpamReason | null },
): Promise<void> {
  await limitFormSender(ip, form.email.toLowerCase());
  const course = await getPublicCourse(db, form.courseId);
  if (spam) return;
  const entry = {
    id: randomBytes(12).toString('base64url'),
    courseId: course.id,
    locale: context.locale,
    name: form.name,
    email: form.email.toLowerCase(),
    consent: consentRecord(context.locale, now),
    createdAt: now,
  };
  try {
    await db.transaction(async (tx) => {
      await insertWaitlistEntry(tx, entry);
      await enqueueMail(
        queue,
        {
          key: `waitlist-joined:${entry.id}`,
          to: entry.email,
          locale: context.locale,
          template: waitlistJoined,
          props: { name: entry.name, course: courseText(course, context.locale).title, hours: WAITLIST_OFFER_HOURS },
        },
        { tx },
      );
    });
  } catch (err) {
    // Already in line for this course: the first place stands.
    if (!isUniqueViolation(err, 'course_waitlist_person_idx')) throw err;
  }
}

/**
 * Offers the free seats of courses with a waiting list, first come first served: each offer takes
 * the seat (so nobody else registers on it), holds it until the offer ends, and mails the link that
 * registers on it. Offers that ran out first give their seat back, to go to the next in line.
 * Run every minute and right after staff free a seat; a course that closed is left alone.
 */
export async function serveWaitingLists(db: Db, queue: JobSender, now = new Date()): Promise<{ offered: number; lapsed: number }> {
  let lapsed = 0;
  for (const entry of await findLapsedOffers(db, now)) {
    await db.transaction(async (tx) => {
      if (await markOfferLapsed(tx, entry.id)) {
        await releaseSeats(tx, entry.courseId, 1);
        lapsed++;
      }
    });
  }

  let offered = 0;
  for (const courseId of await findCoursesToOffer(db, now)) {
    for (;;) {
      const made = await db.transaction((tx) => offerNext(tx, queue, courseId, now));
      if (!made) break;
      offered++;
    }
  }
  if (offered || lapsed) {
    log().info({ offered, lapsed }, 'waiting lists served');
    await seatsChanged();
  }
  return { offered, lapsed };
}

/** The first in line gets the next free seat, if there is one; false when there is none or nobody waits. */
async function offerNext(tx: DbOrTx, queue: JobSender, courseId: string, now: Date): Promise<boolean> {
  const entry = await lockFirstInLine(tx, courseId);
  if (!entry) return false;
  const course = await takeSeats(tx, courseId, 1, now);
  if (!course) return false;
  const token = randomBytes(24).toString('base64url');
  const until = new Date(now.getTime() + WAITLIST_OFFER_HOURS * 3600_000);
  await markOffered(tx, entry.id, { at: now, until, tokenHash: hashOf(token) });
  const locale = entry.locale as Locale;
  await enqueueMail(
    queue,
    {
      key: `waitlist-offer:${entry.id}`,
      to: entry.email,
      locale,
      template: waitlistOffer,
      props: {
        name: entry.name,
        course: courseText(course, locale).title,
        until: until.toISOString(),
        registerUrl: `${env().PUBLIC_URL}${localizedPath(`/education/${courseId}/register`, locale)}?offer=${token}`,
      },
    },
    { tx },
  );
  return true;
}

/**
 * The seat an offer holds, for the registration its link sends: the entry is marked registered
 * and the registration takes no other seat. Undefined for a token that is unknown, of another
 * course, used or run out (the registration then takes a free seat, if there is one).
 */
export function useOffer(tx: DbOrTx, token: string, courseId: string, now: Date): Promise<WaitlistEntry | undefined> {
  return lockLiveOffer(tx, hashOf(token), courseId, now);
}
