import 'server-only';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { MailButton, MailFields, MailLayout } from '@/server/mail/mail-layout';
import { defineMail, type MailContent, type RenderContext } from '@/server/mail/mail-types';

const t = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'Leads' });
type TypeKey = keyof (typeof messages)['en']['Leads']['types'];

export interface LeadNotificationProps {
  type: TypeKey;
  name: string;
  /** Every field the visitor sent, as label and value in words, and the office page of a record it names; React escapes the values. */
  fields: [string, string, string?][];
  page: string;
  visitorLocale: string;
  /** The lead's page in the staff office (absent on mails queued before the office existed). */
  officeUrl?: string;
  /** What changed, for a record already sent (an order paid, expired): not a new form. */
  update?: string;
}

/** To the sales team: every field of the lead. */
function leadNotificationMail(props: LeadNotificationProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const type = tr(`types.${props.type}`);
  const heading = props.update ? tr('mail.updateHeading', { type, update: props.update }) : tr('mail.notificationHeading', { type });
  return {
    subject: props.update
      ? tr('mail.updateSubject', { type: type.charAt(0).toUpperCase() + type.slice(1), name: props.name, update: props.update })
      : tr('mail.notificationSubject', { type, name: props.name }),
    element: (
      <MailLayout
        locale={locale}
        brand={brand}
        preview={heading}
        heading={heading}
        footer={tr('mail.notificationFooter', { page: props.page, locale: props.visitorLocale })}
      >
        <MailFields fields={props.fields} />
        {props.officeUrl ? <MailButton href={props.officeUrl}>{tr('mail.openInOffice')}</MailButton> : null}
      </MailLayout>
    ),
  };
}

export const leadNotification = defineMail('lead-notification', leadNotificationMail);
