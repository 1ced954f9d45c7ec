import 'server-only';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { MailFields, MailLayout, MailParagraph } from '@/server/mail/mail-layout';
import type { MailContent, RenderContext } from '@/server/mail/mail-types';

const t = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'Leads' });
type TypeKey = keyof (typeof messages)['en']['Leads']['types'];

export interface LeadNotificationProps {
  type: TypeKey;
  name: string;
  /** Every field the visitor sent, as label and value; React escapes the values. */
  fields: [string, string][];
  page: string;
  visitorLocale: string;
}

/** To the sales team: every field of the lead. */
export function leadNotificationMail(props: LeadNotificationProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const type = tr(`types.${props.type}`);
  const heading = tr('mail.notificationHeading', { type });
  return {
    subject: tr('mail.notificationSubject', { type, name: props.name }),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('mail.notificationFooter', { page: props.page, locale: props.visitorLocale })}>
        <MailFields fields={props.fields} />
      </MailLayout>
    ),
  };
}

export interface LeadAcknowledgementProps {
  type: TypeKey;
  name: string;
}

/** To the visitor, in their language: we have it, and what happens next. */
export function leadAcknowledgementMail(props: LeadAcknowledgementProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const feedback = props.type === 'feedback';
  const heading = tr('mail.ackHeading', { name: props.name });
  return {
    subject: feedback ? tr('mail.ackFeedbackSubject') : tr('mail.ackSubject'),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('mail.ackFooter', { siteName: brand.siteName })}>
        <MailParagraph>{feedback ? tr('mail.ackFeedbackBody') : tr('mail.ackBody')}</MailParagraph>
      </MailLayout>
    ),
  };
}
