import { OFFICE_TIME_ZONE } from '@/lib/office-clock';
import { officeIntlLocale } from '@/server/office/office-locales';

/** Dates in the office: the member's language, the server's time zone written out (staff share an office). */
export function officeDate(value: Date | string, locale: string): string {
  return new Intl.DateTimeFormat(officeIntlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: OFFICE_TIME_ZONE,
  }).format(typeof value === 'string' ? new Date(value) : value);
}

/** A calendar day (YYYY-MM-DD, as the database keeps days) in the member's language. */
export function officeDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(officeIntlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
