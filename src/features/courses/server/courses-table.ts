import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '@/server/db/columns';
import type { CourseTranslations } from '../schema';
import type { InvoiceData } from './invoice-data';

/** The training catalogue. Seats are counted here: `spots_taken` never exceeds `spots`. */
export const courses = pgTable(
  'courses',
  {
    id: text('id').primaryKey(),
    /** The language the course is taught in: /training shows a visitor the courses in theirs. */
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    /** online, onsite, hybrid. */
    modality: text('modality').notNull(),
    location: text('location').notNull(),
    /** In the currency's smallest unit (cents). */
    priceCents: integer('price_cents').notNull(),
    /** eur, usd, gbp, chf. */
    currency: text('currency').notNull(),
    discountPercent: integer('discount_percent').notNull().default(0),
    /** A line of promotion in the course's language; without it the page shows the discount. */
    promo: text('promo'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** The days and hours, in the time zone below (the page adds the zone's name: CET or CEST). */
    timetable: text('timetable').notNull(),
    /** An IANA zone (Europe/Madrid); null when the timetable names its own. */
    timeZone: text('time_zone'),
    /** Title, subtitle and timetable in other languages, each optional: the stored text is the fallback. */
    translations: jsonb('translations').$type<CourseTranslations>(),
    /** Sanitized when stored. */
    descriptionHtml: text('description_html').notNull(),
    spots: integer('spots').notNull(),
    spotsTaken: integer('spots_taken').notNull().default(0),
    applicationDeadline: timestamptz('application_deadline').notNull(),
    /** An external registration form (Typeform or similar) shown by /education/{id}/register/index_typeform. */
    externalFormUrl: text('external_form_url'),
    /** An unpublished course is on no public page and takes no registration or order; the office still sees it. */
    published: boolean('published').notNull().default(true),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('courses_seats_check', sql`${t.spotsTaken} >= 0 and ${t.spotsTaken} <= ${t.spots}`),
    check('courses_discount_check', sql`${t.discountPercent} between 0 and 100`),
  ],
);
export type CourseRow = typeof courses.$inferSelect;
export type NewCourseRow = typeof courses.$inferInsert;

/**
 * A registration (application) for a course: it holds one seat until it is paid for or released
 * (by the operator, or unpaid after its hold_until while the course is still open).
 */
export const courseRegistrations = pgTable(
  'course_registrations',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    experience: text('experience').notNull(),
    motivation: text('motivation').notNull(),
    page: text('page').notNull(),
    referrer: text('referrer').notNull(),
    utm: jsonb('utm').$type<Record<string, string>>().notNull(),
    consent: jsonb('consent').$type<{ notice: string; locale: string; sha256: string; at: string } | null>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /**
     * Until when it holds its seat with no order paying for it: the end of the day its mail names.
     * Null: until released by an operator (COURSE_REGISTRATION_HOLD_DAYS=0, and registrations older than the hold).
     */
    holdUntil: timestamptz('hold_until'),
    /** When the registration's seat was given back; an order for it then takes all its seats anew. */
    releasedAt: timestamptz('released_at'),
    /**
     * Why it is suspected of spam (`too_fast`, docs/decisions/030): such a registration is stored
     * released (it holds no seat; a checkout takes its seat then) and mails nobody until staff release it.
     */
    spam: text('spam'),
  },
  (t) => [index('course_registrations_course_idx').on(t.courseId, t.createdAt)],
);

/** A checkout: seats of a course bought by one customer, paid by card (Stripe) or bank transfer. */
export const courseOrders = pgTable(
  'course_orders',
  {
    /** Unguessable: the success page and the payment provider refer to the order by it. */
    id: text('id').primaryKey(),
    /** Short and readable, for the bank transfer's reference line. */
    reference: text('reference').notNull().unique(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    registrationId: text('registration_id').references(() => courseRegistrations.id),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    quantity: integer('quantity').notNull(),
    /** Seats this order took (a registration's own seat is not taken twice). */
    seatsTaken: integer('seats_taken').notNull(),
    unitAmountCents: integer('unit_amount_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** For the invoice, when the buyer gave them at checkout. */
    billingCompany: text('billing_company'),
    billingAddress: text('billing_address'),
    billingVatId: text('billing_vat_id'),
    /** stripe or bank_transfer. */
    method: text('method').notNull(),
    /**
     * pending (at the provider), awaiting_transfer, paid, cancelled, expired (a transfer that never
     * came), refunded (paid, then all of it given back; its seats stay taken unless staff released them).
     */
    status: text('status').notNull(),
    providerSessionId: text('provider_session_id').unique(),
    /** What has been given back of a paid order, in cents (a partial refund leaves it paid). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** When a refunded order's seats were given back (staff chose to); until then a refunded order keeps them. */
    seatsReleasedAt: timestamptz('seats_released_at'),
    paidAt: timestamptz('paid_at'),
    /** When an unpaid bank transfer order gives its seats back (null for card orders). */
    expiresAt: timestamptz('expires_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('course_orders_course_idx').on(t.courseId, t.createdAt),
    index('course_orders_status_idx').on(t.status, t.expiresAt),
    // A registration's seat is counted by one live order at most, even when two checkouts race.
    uniqueIndex('course_orders_registration_live_idx')
      .on(t.registrationId)
      .where(sql`${t.status} not in ('cancelled', 'expired')`),
  ],
);
export type CourseOrder = typeof courseOrders.$inferSelect;
export type CourseRegistration = typeof courseRegistrations.$inferSelect;

/**
 * What happened to an order, in order: created, instructions sent (and sent again), paid (with
 * the amount and date a transfer was received), expired, cancelled, refunded. The order row holds
 * where it stands; this is its history, as the office shows it. `actor` is the staff member, null
 * for the customer, the payment provider or a tick.
 */
export const courseOrderEvents = pgTable(
  'course_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => courseOrders.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['created', 'instructions_sent', 'paid', 'expired', 'cancelled', 'refunded', 'seat_released'],
    }).notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    actor: text('actor'),
    /** Money this step moved, in cents: a transfer received, a refund. */
    amountCents: integer('amount_cents'),
    /** A step's particulars without personal data: the date a transfer was received, a refund's id at Stripe. */
    detail: jsonb('detail').$type<Record<string, string>>(),
  },
  (t) => [index('course_order_events_order_idx').on(t.orderId, t.at)],
);
export type CourseOrderEvent = typeof courseOrderEvents.$inferSelect;

/**
 * The waiting list of a full course: one place per address, in the order they joined. When a
 * seat is freed, the first in line is offered it: the seat is taken for them (`offered`) and held
 * until `offer_until`, and their mail's link registers them on it; an offer that lapses gives the
 * seat to the next in line.
 */
export const courseWaitlist = pgTable(
  'course_waitlist',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    consent: jsonb('consent').$type<{ notice: string; locale: string; sha256: string; at: string } | null>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** waiting, offered (a seat held for them), registered (they took it), lapsed (the offer ran out). */
    status: text('status', { enum: ['waiting', 'offered', 'registered', 'lapsed'] })
      .notNull()
      .default('waiting'),
    offeredAt: timestamptz('offered_at'),
    offerUntil: timestamptz('offer_until'),
    /** SHA-256 of the offer link's token: the link, not the database, holds the secret. */
    offerTokenHash: text('offer_token_hash').unique(),
    registrationId: text('registration_id'),
  },
  (t) => [
    index('course_waitlist_line_idx').on(t.courseId, t.status, t.createdAt),
    // One place in line per address and course.
    uniqueIndex('course_waitlist_person_idx')
      .on(t.courseId, t.email)
      .where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);
export type WaitlistEntry = typeof courseWaitlist.$inferSelect;

/**
 * The invoice of a paid order: its number (a gap-free sequence per year) and what it says, kept as
 * issued (the seller, the buyer, the lines, the taxes), so the PDF made from it reads the same
 * whenever it is made again. Kept with the order for the six years of accounting records.
 */
export const courseInvoices = pgTable('course_invoices', {
  id: text('id').primaryKey(),
  /** "2026-000042": the year it was issued and its place in that year. */
  number: text('number').notNull().unique(),
  orderId: text('order_id')
    .notNull()
    .unique()
    .references(() => courseOrders.id, { onDelete: 'cascade' }),
  issuedAt: timestamptz('issued_at').notNull().defaultNow(),
  data: jsonb('data').$type<InvoiceData>().notNull(),
});
export type CourseInvoice = typeof courseInvoices.$inferSelect;

/** The last invoice number of each year: taken and raised in the paying transaction, so no number is skipped. */
export const courseInvoiceCounters = pgTable('course_invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
