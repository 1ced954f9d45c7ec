// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';
import { locales } from '@/i18n/routing';
import { email, formRequest, name, optionalText, phone, SpamTraps } from '@/features/forms/schema';

// The course catalogue, the registration form and the checkout form: one schema each, used by the
// pages as the visitor types and by the API. Messages are keys of Forms.errors / Courses.errors.

const currencies = ['eur', 'usd', 'gbp', 'chf'] as const;
export type Currency = (typeof currencies)[number];
export const currencySymbols: Record<Currency, string> = { eur: '€', usd: '$', gbp: '£', chf: 'CHF' };
const modalities = ['online', 'onsite', 'hybrid'] as const;

/** A course's text in another language: what the catalogue translated (the rest stays as stored). */
type CourseTranslation = { title?: string; subtitle?: string; timetable?: string };
export type CourseTranslations = Partial<Record<(typeof locales)[number], CourseTranslation>>;

const CourseId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'required');

/** A course as the API and the pages show it; prices in the currency's main unit. */
export const CourseCard = z.object({
  id: z.string(),
  locale: z.enum(locales),
  title: z.string(),
  subtitle: z.string(),
  modality: z.enum(modalities),
  location: z.string(),
  price: z.number(),
  currency: z.enum(currencies),
  currency_symbol: z.string(),
  discount_percent: z.number().int(),
  /** The price after the discount: what the checkout charges per seat. */
  price_with_discount: z.number(),
  promo: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  timetable: z.string(),
  available_spots: z.number().int(),
  application_deadline: z.string(),
  /** Why registrations are closed: no seats left or the deadline has passed; null while open. */
  closed: z.enum(['full', 'deadline']).nullable(),
  has_external_form: z.boolean(),
  /** How the checkout takes the money: by card (Stripe) or by bank transfer. */
  payment: z.enum(['card', 'bank_transfer']),
  /** The dates and the price as the card shows them, in the request's `lang`. */
  start_date_formatted: z.string(),
  end_date_formatted: z.string(),
  application_deadline_formatted: z.string(),
  price_formatted: z.string(),
  /** The price after the discount, written in `lang`: shown next to the promotion. */
  price_with_discount_formatted: z.string(),
});
export type CourseCard = z.infer<typeof CourseCard>;

/**
 * The language a card's dates and prices are written in. The server formats them: the first
 * date formatter a browser tab builds costs it 20-70 ms (its ICU data), which the course list
 * would otherwise spend as it appears.
 */
export const CardLanguage = z.object({ lang: z.enum(locales).default('en') });

export const EventsQuery = CardLanguage.extend({
  /** Courses taught in this language; without it, all courses. */
  locale: z.enum(locales).optional(),
  count: z.enum(['true', 'false']).optional(),
});
export const EventsResponse = z.object({ items: z.array(CourseCard), Count: z.number().int() });
export const EventsCount = z.object({ Count: z.number().int() });

export const experienceLevels = ['none', 'basic', 'professional'] as const;

/** The registration form of a course (POST /rest/form, type course_application). */
export const CourseApplicationForm = z.strictObject({
  courseId: CourseId,
  name,
  email,
  phone,
  /** How much programming the student has done: the course starts from the basics or not. */
  experience: z.enum(experienceLevels, 'required'),
  motivation: optionalText(2000),
  /** The token of a waiting-list offer: the seat held for its holder is the one registered. */
  offer: z
    .string()
    .regex(/^[\w-]{20,64}$/)
    .optional(),
});
export type CourseApplicationForm = z.infer<typeof CourseApplicationForm>;
/** The body of POST /rest/form for a registration. */
export const CourseApplicationRequest = formRequest('course_application', CourseApplicationForm);
export type CourseApplicationRequest = z.infer<typeof CourseApplicationRequest>;

/** The waiting list of a full course (POST /rest/form, type course_waitlist): who to offer a freed seat to. */
export const CourseWaitlistForm = z.strictObject({ courseId: CourseId, name, email });
export type CourseWaitlistForm = z.infer<typeof CourseWaitlistForm>;
export const CourseWaitlistRequest = formRequest('course_waitlist', CourseWaitlistForm);
export type CourseWaitlistRequest = z.infer<typeof CourseWaitlistRequest>;

/** How long a seat freed for the first in line is held for them. */
export const WAITLIST_OFFER_HOURS = 48;

/** One order cannot hold a whole course: a group buying more places several orders or writes to sales. */
export const MAX_SEATS_PER_ORDER = 5;

/** The checkout form: the course (product), seats, and who pays. */
export const CheckoutForm = z
  .strictObject({
    productId: CourseId,
    quantity: z.coerce
      .number<unknown>({ error: 'quantityMin' })
      .int('quantityMin')
      .min(1, 'quantityMin')
      .max(MAX_SEATS_PER_ORDER, 'quantityMax'),
    name,
    email,
    confirmEmail: z.string().trim(),
    /** For the invoice, all optional: a company buying, its postal address and VAT id. */
    company: optionalText(200),
    address: optionalText(500),
    vatId: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z0-9][A-Z0-9 .-]{3,23})?$/, 'vatId')
      .default(''),
    /** The registration this payment is for: its seat is the order's first. */
    registration: z
      .string()
      .regex(/^[\w-]{8,40}$/)
      .optional(),
  })
  .refine((f) => f.email.toLowerCase() === f.confirmEmail.toLowerCase(), { path: ['confirmEmail'], message: 'emailMismatch' });
export type CheckoutForm = z.infer<typeof CheckoutForm>;

/** The form with the same bot traps as the contact forms: a bot gets an ordinary answer and nothing is stored. */
export const CheckoutRequest = z.strictObject({ form: CheckoutForm, locale: z.enum(locales), traps: SpamTraps });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

export const CheckoutResponse = z.object({
  order: z.string(),
  /** Where to send the visitor: the payment provider's page, or our success page. */
  redirect: z.string(),
});

/** What the checkout of a registration needs: its course and who registered (the link's holder is the registrant). */
export const RegistrationSummary = z.object({ course: z.string(), name: z.string(), email: z.string() });
export type RegistrationSummary = z.infer<typeof RegistrationSummary>;

const orderStatuses = ['pending', 'awaiting_transfer', 'paid', 'cancelled', 'expired'] as const;
export const OrderStatus = z.object({
  status: z.enum(orderStatuses),
  method: z.enum(['stripe', 'bank_transfer']),
  /** The bank transfer's reference line. */
  reference: z.string(),
  course: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
  currency: z.enum(currencies),
  /** Until when an unpaid bank transfer order holds its seats (ISO time); null otherwise. */
  expiresAt: z.string().nullable(),
  /** Where to send the transfer, while the order waits for it; null otherwise. */
  bank: z.object({ holder: z.string(), iban: z.string(), bic: z.string() }).nullable(),
});
export type OrderStatus = z.infer<typeof OrderStatus>;
