import 'server-only';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { MailButton, MailLayout, MailParagraph } from '@/server/mail/mail-layout';
import { defineMail, type MailContent, type RenderContext } from '@/server/mail/mail-types';
import { formatCourseDate } from '../format';
import type { InvoiceData } from './invoice-data';
import { invoicePdf } from './invoice-pdf';

const t = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'Courses.mail' });

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ color: '#111827', fontSize: 15, lineHeight: '22px', margin: '0 0 4px' }}>
          <span style={{ color: '#6b7280' }}>{label}: </span>
          {value}
        </Text>
      ))}
    </Section>
  );
}

export interface CourseRegistrationProps {
  name: string;
  course: string;
  startDate: string;
  endDate: string;
  timetable: string;
  /** Per seat, after the discount, formatted. */
  price: string;
  payUrl: string;
  /** Until when the seat is held unpaid (ISO time); null or absent when it is held until released. */
  holdUntil?: string | null;
}

/** To the student: the seat is reserved, what comes next, and where to pay online. */
function courseRegistrationMail(p: CourseRegistrationProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('registrationHeading', { name: p.name });
  return {
    subject: tr('registrationSubject', { course: p.course }),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('footer', { siteName: brand.siteName })}>
        <MailParagraph>{tr('registrationBody', { course: p.course })}</MailParagraph>
        <Facts
          rows={[
            [tr('dates'), `${formatCourseDate(p.startDate, locale)} – ${formatCourseDate(p.endDate, locale)}`],
            [tr('timetable'), p.timetable],
            [tr('price'), p.price],
          ]}
        />
        <MailParagraph>{tr('registrationNext')}</MailParagraph>
        {p.holdUntil ? <MailParagraph>{tr('registrationHold', { date: formatCourseDate(p.holdUntil, locale) })}</MailParagraph> : null}
        <MailButton href={p.payUrl}>{tr('payOnline')}</MailButton>
      </MailLayout>
    ),
  };
}

export interface BankTransferProps {
  name: string;
  course: string;
  quantity: number;
  amount: string;
  reference: string;
  holder: string;
  iban: string;
  bic: string;
  startDate: string;
  /** Until when the seats wait for the transfer (ISO time). */
  deadline: string;
}

/** To the customer: how to pay by bank transfer; the seats are held until then. */
function courseBankTransferMail(p: BankTransferProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('transferHeading', { name: p.name });
  return {
    subject: tr('transferSubject', { reference: p.reference }),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('footer', { siteName: brand.siteName })}>
        <MailParagraph>{tr('transferBody', { course: p.course, quantity: p.quantity })}</MailParagraph>
        <Facts
          rows={[
            [tr('amount'), p.amount],
            [tr('holder'), p.holder],
            [tr('iban'), p.iban],
            [tr('bic'), p.bic],
            [tr('reference'), p.reference],
          ]}
        />
        <MailParagraph>{tr('transferNext', { date: formatCourseDate(p.deadline, locale) })}</MailParagraph>
      </MailLayout>
    ),
  };
}

export interface PaymentReceivedProps {
  name: string;
  course: string;
  quantity: number;
  amount: string;
  reference: string;
  startDate: string;
  timetable: string;
  /** The order's invoice, as issued: attached as a PDF. */
  invoice?: InvoiceData;
}

/** To the customer once the money is in, with the invoice attached. */
function coursePaymentReceivedMail(p: PaymentReceivedProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('paidHeading', { name: p.name });
  const invoice = p.invoice;
  return {
    subject: tr('paidSubject', { course: p.course }),
    attachments: invoice
      ? async () => [{ filename: `${invoice.number}.pdf`, content: await invoicePdf(invoice), contentType: 'application/pdf' }]
      : undefined,
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('footer', { siteName: brand.siteName })}>
        <MailParagraph>{tr('paidBody', { course: p.course, quantity: p.quantity, amount: p.amount })}</MailParagraph>
        <Facts
          rows={[
            [tr('reference'), p.reference],
            [tr('starts'), formatCourseDate(p.startDate, locale)],
            [tr('timetable'), p.timetable],
          ]}
        />
        {invoice ? (
          <MailParagraph>
            {createTranslator({ locale, messages: messages[locale], namespace: 'Courses.invoice' })('attached', { number: invoice.number })}
          </MailParagraph>
        ) : null}
      </MailLayout>
    ),
  };
}

export interface OrderExpiredProps {
  name: string;
  course: string;
  quantity: number;
  reference: string;
  /** The deadline that passed (ISO time). */
  deadline: string;
  /** The checkout of the course, to order again. */
  orderUrl: string;
}

/** To the customer: the transfer did not arrive in time, the order is cancelled and its seats released. */
function courseOrderExpiredMail(p: OrderExpiredProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('expiredHeading', { name: p.name });
  return {
    subject: tr('expiredSubject', { reference: p.reference }),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('footer', { siteName: brand.siteName })}>
        <MailParagraph>
          {tr('expiredBody', { course: p.course, quantity: p.quantity, date: formatCourseDate(p.deadline, locale) })}
        </MailParagraph>
        <MailButton href={p.orderUrl}>{tr('orderAgain')}</MailButton>
      </MailLayout>
    ),
  };
}

export interface WaitlistJoinedProps {
  name: string;
  course: string;
  /** How long a freed seat is held for them. */
  hours: number;
}

/** To a visitor on a full course's waiting list: they are in line, and what happens when a seat frees up. */
function waitlistJoinedMail(p: WaitlistJoinedProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('waitlistHeading', { name: p.name });
  return {
    subject: tr('waitlistSubject', { course: p.course }),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('footer', { siteName: brand.siteName })}>
        <MailParagraph>{tr('waitlistBody', { course: p.course, hours: p.hours })}</MailParagraph>
      </MailLayout>
    ),
  };
}

export interface WaitlistOfferProps {
  name: string;
  course: string;
  /** Until when the seat is held (ISO time). */
  until: string;
  registerUrl: string;
}

/** The time an offer ends, with its zone: a 48-hour hold is read to the hour. */
const offerEnd = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Madrid',
    timeZoneName: 'short',
  }).format(new Date(iso));

/** To the first in line: a seat is held for them until a time, and the link that registers them on it. */
function waitlistOfferMail(p: WaitlistOfferProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('offerHeading', { name: p.name });
  return {
    subject: tr('offerSubject', { course: p.course }),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('footer', { siteName: brand.siteName })}>
        <MailParagraph>{tr('offerBody', { course: p.course, date: offerEnd(p.until, locale) })}</MailParagraph>
        <MailButton href={p.registerUrl}>{tr('offerButton')}</MailButton>
      </MailLayout>
    ),
  };
}

export const courseRegistration = defineMail('course-registration', courseRegistrationMail);
export const waitlistJoined = defineMail('course-waitlist-joined', waitlistJoinedMail);
export const waitlistOffer = defineMail('course-waitlist-offer', waitlistOfferMail);
export const courseBankTransfer = defineMail('course-bank-transfer', courseBankTransferMail);
export const coursePaymentReceived = defineMail('course-payment-received', coursePaymentReceivedMail);
export const courseOrderExpired = defineMail('course-order-expired', courseOrderExpiredMail);
