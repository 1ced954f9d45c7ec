// The clock the consultancy works by: every date the office shows, the seats' deadlines and the
// times staff type (a scheduled publish) are Madrid's, CET in winter and CEST in summer.

export const OFFICE_TIME_ZONE = 'Europe/Madrid';

/** The office zone's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
export function officeOffsetAt(t: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: OFFICE_TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(t)
    .find((p) => p.type === 'timeZoneName')!.value; // "GMT+01:00" (or "GMT" at zero)
  const m = /([+-])(\d\d):(\d\d)/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
}

/**
 * The instant of a date and time on the office's clock (`2026-12-03T14:05`, seconds optional):
 * the offset at a first guess, then at the corrected instant, so it is right on either side of a
 * clock change. An impossible date (30 February) answers an invalid Date, not the next month's.
 */
export function officeInstant(local: string): Date {
  const asUtc = Date.parse(`${local}Z`);
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 10) !== local.slice(0, 10)) return new Date(NaN);
  const guess = asUtc - officeOffsetAt(asUtc);
  return new Date(asUtc - officeOffsetAt(guess));
}
