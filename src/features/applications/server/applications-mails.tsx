import 'server-only';
import { Link } from '@react-email/link';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { MailButton, MailFields, MailLayout, MailParagraph } from '@/server/mail/mail-layout';
import { defineMail, type MailContent, type RenderContext } from '@/server/mail/mail-types';

const t = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'Applications.mail' });
/** The words every mail to staff shares (the sales notification's). */
const leadsT = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'Leads' });

export interface ApplicationNotificationProps {
  type: 'job_application' | 'cv';
  name: string;
  /** Every field the candidate sent, as label and value in words, and the office page of a record it names; React escapes the values. */
  fields: [string, string, string?][];
  target: { title: string; url: string } | null;
  visitorLocale: string;
  filename: string;
  /** The applicant's page in the office (absent on mails queued before it was linked). */
  officeUrl?: string;
}

/** To the recruiters: the candidate's fields, what they apply for, and the CV attached. */
function applicationNotificationMail(props: ApplicationNotificationProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = props.target ? tr('notificationHeading', { target: props.target.title }) : tr('cvNotificationHeading');
  return {
    subject: props.target
      ? tr('notificationSubject', { name: props.name, target: props.target.title })
      : tr('cvNotificationSubject', { email: props.name }),
    element: (
      <MailLayout
        locale={locale}
        brand={brand}
        preview={heading}
        heading={heading}
        footer={tr('notificationFooter', { filename: props.filename, locale: props.visitorLocale })}
      >
        {props.target ? (
          <MailParagraph>
            <Link href={props.target.url}>{props.target.title}</Link>
          </MailParagraph>
        ) : null}
        <MailFields fields={props.fields} />
        {props.officeUrl ? <MailButton href={props.officeUrl}>{leadsT(locale)('mail.openInOffice')}</MailButton> : null}
      </MailLayout>
    ),
  };
}

export interface ApplicationAcknowledgementProps {
  type: 'job_application' | 'cv';
  /** Null for a CV sent on spec (its form asks no name). */
  name: string | null;
  target: string | null;
  retentionDays: number;
  /** The signed "withdraw my application" address (absent from mails queued before it existed). */
  withdrawUrl?: string;
}

/** To the candidate, in their language: we have it, what happens next, how long we keep it. */
function applicationAcknowledgementMail(props: ApplicationAcknowledgementProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = props.name ? tr('ackHeading', { name: props.name }) : tr('cvAckHeading');
  return {
    subject: props.target ? tr('ackSubject', { target: props.target }) : tr('cvAckSubject'),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('ackFooter', { siteName: brand.siteName })}>
        <MailParagraph>{props.target ? tr('ackBody', { target: props.target }) : tr('cvAckBody')}</MailParagraph>
        <MailParagraph>{tr('ackRetention', { days: props.retentionDays })}</MailParagraph>
        {props.withdrawUrl ? (
          <MailParagraph>
            {tr('ackWithdraw')} <Link href={props.withdrawUrl}>{tr('ackWithdrawLink')}</Link>
          </MailParagraph>
        ) : null}
      </MailLayout>
    ),
  };
}

export const applicationNotification = defineMail('application-notification', applicationNotificationMail);
export const applicationAcknowledgement = defineMail('application-acknowledgement', applicationAcknowledgementMail);

export interface ApplicantDecisionProps {
  status: 'rejected' | 'interview' | 'offer';
  /** Null for a CV sent on spec (its form asks no name). */
  name: string | null;
  /** The job or position; null for a CV on spec. */
  target: string | null;
  /** A personal line from the recruiter. */
  note: string | null;
}

/** To the candidate, in their language: where their application stands, with the recruiter's note. */
function applicantDecisionMail(props: ApplicantDecisionProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const target = props.target ?? tr('decisionOnSpec');
  const heading = props.name ? tr('decisionHeading', { name: props.name }) : tr('decisionHeadingNoName');
  return {
    subject: tr(`${props.status}Subject`, { target }),
    element: (
      <MailLayout
        locale={locale}
        brand={brand}
        preview={heading}
        heading={heading}
        footer={tr('decisionFooter', { siteName: brand.siteName })}
      >
        <MailParagraph>{tr(`${props.status}Body`, { target })}</MailParagraph>
        {props.note ? <MailParagraph>{props.note}</MailParagraph> : null}
      </MailLayout>
    ),
  };
}

export const applicantDecision = defineMail('applicant-decision', applicantDecisionMail);
