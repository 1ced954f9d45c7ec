import 'server-only';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { MailLayout, MailParagraph } from '@/server/mail/mail-layout';
import { defineMail, type MailContent, type RenderContext } from '@/server/mail/mail-types';
import type { LeadKind } from '@/features/forms/server';

const t = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'Leads' });

export interface LeadAcknowledgementProps {
  type: LeadKind;
  name: string;
}

/** To the visitor, in their language: we have it, and what happens next. */
function leadAcknowledgementMail(props: LeadAcknowledgementProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const feedback = props.type === 'feedback';
  const heading = tr('mail.ackHeading', { name: props.name });
  return {
    subject: feedback ? tr('mail.ackFeedbackSubject') : tr('mail.ackSubject'),
    element: (
      <MailLayout
        locale={locale}
        brand={brand}
        preview={heading}
        heading={heading}
        footer={tr('mail.ackFooter', { siteName: brand.siteName })}
      >
        <MailParagraph>{feedback ? tr('mail.ackFeedbackBody') : tr('mail.ackBody')}</MailParagraph>
      </MailLayout>
    ),
  };
}

export const leadAcknowledgement = defineMail('lead-acknowledgement', leadAcknowledgementMail);
