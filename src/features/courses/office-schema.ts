import { z } from 'zod';
import { locales } from '@/i18n/routing';

// The office's courses, registrations and orders: the course form (one schema for the form and the
// API), the lists' filters, and the actions on an order. Messages are keys of the office's Validation.

export const CURRENCIES = ['eur', 'usd', 'gbp', 'chf'] as const;
export const MODALITIES = ['online', 'onsite', 'hybrid'] as const;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date');
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'tooLong')
    .transform((v) => v || undefined)
    .optional();
const required = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');
/** Money as staff type it: 1800, 1800.50 or 1800,50; answered in cents. */
const money = z
  .string()
  .trim()
  .regex(/^\d{1,7}([.,]\d{1,2})?$/, 'money')
  .transform((v) => Math.round(Number(v.replace(',', '.')) * 100));
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number('number').int('number').min(min, 'number').max(max, 'number'),
  );

function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const Translation = z.strictObject({ title: optional(200), subtitle: optional(300), timetable: optional(200) });

/** A course as the office's form sends it: every field of the catalogue, as text. */
export const CourseInput = z
  .strictObject({
    id: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'courseId'),
    locale: z.enum(locales, 'required'),
    title: required(200),
    subtitle: optional(300),
    modality: z.enum(MODALITIES, 'required'),
    location: required(120),
    price: money,
    currency: z.enum(CURRENCIES, 'required'),
    discount_percent: wholeNumber(0, 100),
    promo: optional(200),
    start_date: isoDay,
    end_date: isoDay,
    timetable: required(200),
    time_zone: optional(64).refine((v) => !v || knownTimeZone(v), 'timeZone'),
    description_html: z.string().max(50_000, 'tooLong'),
    spots: wholeNumber(1, 10_000),
    application_deadline: isoDay,
    external_form_url: optional(500).refine((v) => !v || /^https:\/\/[^\s]+$/.test(v), 'httpsUrl'),
    translations: z.partialRecord(z.enum(locales), Translation).default({}),
  })
  .refine((c) => c.end_date >= c.start_date, { path: ['end_date'], message: 'endBeforeStart' })
  .refine((c) => c.application_deadline <= c.end_date, { path: ['application_deadline'], message: 'deadlineAfterEnd' });
export type CourseInput = z.input<typeof CourseInput>;
export type CourseValues = z.output<typeof CourseInput>;

export const DescriptionPreviewBody = z.strictObject({ html: z.string().max(50_000) });

export const REGISTRATION_STATES = ['holding', 'ordered', 'paid', 'released', 'spam'] as const;
export const ORDER_STATUSES = ['pending', 'awaiting_transfer', 'paid', 'refunded', 'cancelled', 'expired'] as const;
export const PAYMENT_METHODS = ['stripe', 'bank_transfer'] as const;

const anyOr = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());
const day = z.preprocess((v) => (v === '' ? undefined : v), isoDay.optional());
const courseFilter = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
);

/** The office's list of registrations: by course, state and period, newest first. */
export const OfficeRegistrationsQuery = z.object({
  course: courseFilter,
  state: anyOr(REGISTRATION_STATES),
  from: day,
  to: day,
  q: z.string().trim().max(200).optional(),
  after: z.string().max(200).optional(),
});
export type OfficeRegistrationsQuery = z.infer<typeof OfficeRegistrationsQuery>;

/** The office's list of orders: by course, status, payment method and period, newest first. */
export const OfficeOrdersQuery = z.object({
  course: courseFilter,
  status: anyOr(ORDER_STATUSES),
  method: anyOr(PAYMENT_METHODS),
  from: day,
  to: day,
  q: z.string().trim().max(200).optional(),
  after: z.string().max(200).optional(),
});
export type OfficeOrdersQuery = z.infer<typeof OfficeOrdersQuery>;

/**
 * A bank transfer that arrived: the amount and the day on the statement. An amount other than the
 * order's is refused unless `confirmMismatch` says staff saw the difference and accept it.
 */
export const ConfirmTransferBody = z.strictObject({
  amount: money,
  receivedOn: isoDay,
  confirmMismatch: z.boolean().default(false),
});
export type ConfirmTransferBody = z.output<typeof ConfirmTransferBody>;

/** A card payment given back at Stripe: all of what is left, or part of it; a full refund may give the seats back. */
export const RefundBody = z.strictObject({
  amount: money.optional(),
  releaseSeats: z.boolean().default(false),
});
export type RefundBody = z.output<typeof RefundBody>;
