import 'server-only';
import { OFFICE_TIME_ZONE, officeOffsetAt } from '@/lib/office-clock';
import { env } from '@/server/env';

// When an unpaid seat is given back: one rule, computed here and said the same by the mails, the
// checkout page and the office. A registration holds its seat until the end of the day
// COURSE_REGISTRATION_HOLD_DAYS after it was made; an order paid by transfer must be paid by the end
// of the day COURSE_TRANSFER_DAYS after it was placed, and never later than the hold of the
// registration it pays for. Days end at midnight in Madrid, where the consultancy works.

const DAY_MS = 86_400_000;

/** The last instant of the Madrid day `days` days after `from`. */
export function endOfMadridDay(from: Date, days: number): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: OFFICE_TIME_ZONE }).format(from.getTime() + days * DAY_MS); // YYYY-MM-DD
  const nextMidnightUtc = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
  // The offset at the guess, then at the corrected instant: right on either side of a clock change.
  const guess = nextMidnightUtc - officeOffsetAt(nextMidnightUtc);
  return new Date(nextMidnightUtc - officeOffsetAt(guess) - 1);
}

/** Until when a registration made at `createdAt` holds its seat unpaid; null to hold it until released. */
export function registrationHoldUntil(createdAt: Date): Date | null {
  const days = env().COURSE_REGISTRATION_HOLD_DAYS;
  return days ? endOfMadridDay(createdAt, days) : null;
}

/** The day a transfer ordered at `now` must be paid by: never after the hold of the registration it pays for. */
export function transferPayBy(now: Date, registrationHold: Date | null | undefined): Date {
  const payBy = endOfMadridDay(now, env().COURSE_TRANSFER_DAYS);
  return registrationHold && registrationHold < payBy ? registrationHold : payBy;
}
