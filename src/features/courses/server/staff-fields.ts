import 'server-only';
import { choiceWord, type FieldRow } from '@/features/forms/server';
import { officeIntlLocale, officeLocale } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { formatPrice } from '../format';
import type { Currency } from '../schema';
import type { CourseOrder, CourseRegistration, CourseRow } from './courses-table';

// Registrations and orders as the staff read them, on their pages and in the mails to sales: the
// course by its title with its page in the office, the registrant's choices in words, each record
// it names linked to its page.

/** A moment as the office shows it: in Madrid time, in the member's language. */
export const staffDate = (value: Date, locale: string) =>
  new Intl.DateTimeFormat(officeIntlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(value);

const coursePage = (id: string) => `/office/courses/${encodeURIComponent(id)}`;

/** The course a record is about: its title, linked to its page in the office. */
export function courseRow(course: Pick<CourseRow, 'id' | 'title'>, locale: string): FieldRow {
  return { label: officeT(locale, 'Orders')('course'), value: course.title, href: coursePage(course.id) };
}

/** What a registrant sent: the course, who, how to reach them, their programming experience in words, what they expect. */
export function registrationFieldRows(
  registration: Pick<CourseRegistration, 'name' | 'email' | 'phone' | 'experience' | 'motivation'>,
  course: Pick<CourseRow, 'id' | 'title'>,
  locale: string,
): FieldRow[] {
  const t = officeT(locale, 'Orders');
  return [
    courseRow(course, locale),
    { label: t('name'), value: registration.name },
    { label: t('email'), value: registration.email },
    { label: t('phone'), value: registration.phone },
    { label: t('experience'), value: choiceWord('experience', registration.experience, locale) ?? registration.experience },
    { label: t('motivation'), value: registration.motivation },
  ];
}

/** An order: the course, its reference, seats, amount and way of paying in words, who, and the registration it pays for. */
export function orderFieldRows(
  order: Pick<CourseOrder, 'id' | 'reference' | 'quantity' | 'amountCents' | 'currency' | 'method' | 'name' | 'email' | 'registrationId'>,
  course: Pick<CourseRow, 'id' | 'title'>,
  locale: string,
): FieldRow[] {
  const t = officeT(locale, 'Orders');
  const method = t.has(`methods.${order.method}` as never) ? t(`methods.${order.method}` as never) : order.method;
  return [
    courseRow(course, locale),
    { label: t('reference'), value: order.reference, href: `/office/orders/${order.id}` },
    { label: t('seats'), value: new Intl.NumberFormat(officeIntlLocale(locale)).format(order.quantity) },
    { label: t('amount'), value: formatPrice(order.amountCents / 100, order.currency as Currency, officeLocale(locale)) },
    { label: t('method'), value: method },
    { label: t('name'), value: order.name },
    { label: t('email'), value: order.email },
    ...(order.registrationId
      ? [{ label: t('registration'), value: t('openRegistration'), href: `/office/registrations/${order.registrationId}` }]
      : []),
  ];
}
