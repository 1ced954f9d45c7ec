import { dateFormat, numberFormat } from '@/lib/intl-format';
import type { Currency } from './schema';

/** "1800 €" in Spanish, "€1,800" in English; cents only when there are some. */
export function formatPrice(amount: number, currency: Currency, locale: string): string {
  const whole = Number.isInteger(amount);
  return numberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A calendar date (YYYY-MM-DD) in the visitor's language, the same day in every time zone. */
export function formatCourseDate(date: string, locale: string): string {
  return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}
