// The business hours of the call-back form, shared by the page (which offers the slots) and the
// server (which checks the one chosen): Monday to Friday, 9:00 to 19:00 in Madrid (CET/CEST), in
// half-hour slots, the last one starting at 18:30.

/** The office's time zone: CET in winter, CEST in summer (Madrid and Berlin agree). */
const OFFICE_TIME_ZONE = 'Europe/Madrid';
export const SLOT_MINUTES = 30;
const OPENS = 9 * 60;
const CLOSES = 19 * 60;
/** How far ahead a call may be booked. */
const MAX_DAYS_AHEAD = 14;
/** A slot chosen a little while ago is still fine (the visitor took a while to type). */
const GRACE_MS = 30 * 60_000;
/** The first slot offered leaves sales some time to prepare. */
const LEAD_TIME_MS = 60 * 60_000;

const office = new Intl.DateTimeFormat('en-GB', {
  timeZone: OFFICE_TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The office's weekday (Mon..Sun) and minute of the day at an instant. */
function officeClock(at: Date): { weekday: string; minutes: number } {
  const parts = Object.fromEntries(office.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekday: parts.weekday ?? '', minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Whether a call may start at this instant: a weekday, 9:00 to 18:30 office time, on a half hour. */
export function isBusinessSlot(at: Date): boolean {
  if (Number.isNaN(at.getTime()) || at.getTime() % (SLOT_MINUTES * 60_000) !== 0) return false;
  const { weekday, minutes } = officeClock(at);
  return weekday !== 'Sat' && weekday !== 'Sun' && minutes >= OPENS && minutes + SLOT_MINUTES <= CLOSES;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

/** What is wrong with a chosen call time (a message key of Forms.errors), or undefined when it is fine. */
export function callTimeProblem(value: string, now: Date): 'callTimeRequired' | 'callTimeHours' | 'callTimePast' | undefined {
  if (value === '') return 'callTimeRequired';
  const at = new Date(value);
  if (!ISO_INSTANT.test(value) || !isBusinessSlot(at)) return 'callTimeHours';
  if (at.getTime() < now.getTime() - GRACE_MS || at.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) return 'callTimePast';
  return undefined;
}

/** The slots offered from `now`: the next `days` business days, from an hour ahead. */
export function callSlots(now: Date, days = 5): Date[] {
  const step = SLOT_MINUTES * 60_000;
  const slots: Date[] = [];
  const seenDays = new Set<string>();
  let t = Math.ceil((now.getTime() + LEAD_TIME_MS) / step) * step;
  for (const end = now.getTime() + MAX_DAYS_AHEAD * 86_400_000; t <= end; t += step) {
    const at = new Date(t);
    if (!isBusinessSlot(at)) continue;
    const day = at.toISOString().slice(0, 10);
    if (!seenDays.has(day)) {
      if (seenDays.size === days) break;
      seenDays.add(day);
    }
    slots.push(at);
  }
  return slots;
}

/** A time zone name the browser or the server knows, or false. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A call time in the office's time and, when it differs, the visitor's: each with its day and zone
 * abbreviation, in `locale` (the staff member's language).
 */
export function callTimeParts(iso: string, visitorZone: string, locale = 'en-GB'): { office: string; visitor?: string } {
  const at = new Date(iso);
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }).format(at);
  const office = format(OFFICE_TIME_ZONE);
  if (!visitorZone || visitorZone === OFFICE_TIME_ZONE || !isTimeZone(visitorZone)) return { office };
  return { office, visitor: format(visitorZone) };
}

/** A call time for the sales team: office time first, then the visitor's own (sales mails are in English). */
export function describeCallTime(iso: string, visitorZone: string): string {
  const { office, visitor } = callTimeParts(iso, visitorZone);
  return visitor ? `${office} (Madrid time); ${visitor} for the visitor (${visitorZone})` : `${office} (Madrid time)`;
}
