import 'server-only';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { accountExistsMail, signUpCodeMail } from '@/features/accounts/server/accounts-mails';
import { alertConfirmMail, alertDigestMail } from '@/features/alerts/server/alerts-mails';
import { applicationAcknowledgementMail, applicationNotificationMail } from '@/features/applications/server/applications-mails';
import { leadAcknowledgementMail, leadNotificationMail } from '@/features/leads/server/leads-mails';
import { courseBankTransferMail, courseOrderExpiredMail, coursePaymentReceivedMail, courseRegistrationMail } from '@/features/courses/server/courses-mails';
import { MailLayout, MailParagraph } from './mail-layout';
import type { MailContent, RenderContext } from './mail-types';

export type { MailContent, RenderContext } from './mail-types';

function mailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: messages[locale], namespace: 'Mail' });
}

/**
 * Every mail the site sends, by name. A job on the queue carries the name and the props, and
 * the worker renders it in the recipient's language when it sends.
 */
export const mailTemplates = {
  /** Sent by `npm run mail:test` so an operator can check the mail setup end to end. */
  test: (_props: Record<string, never>, { locale, brand }: RenderContext): MailContent => {
    const t = mailTranslator(locale);
    const heading = t('testHeading');
    return {
      subject: t('testSubject', { siteName: brand.siteName }),
      element: (
        <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={t('footer', { siteName: brand.siteName })}>
          <MailParagraph>{t('testBody', { siteName: brand.siteName })}</MailParagraph>
        </MailLayout>
      ),
    };
  },
  'alert-confirm': alertConfirmMail,
  'alert-digest': alertDigestMail,
  'lead-notification': leadNotificationMail,
  'lead-acknowledgement': leadAcknowledgementMail,
  'application-notification': applicationNotificationMail,
  'application-acknowledgement': applicationAcknowledgementMail,
  'signup-code': signUpCodeMail,
  'account-exists': accountExistsMail,
  'course-registration': courseRegistrationMail,
  'course-bank-transfer': courseBankTransferMail,
  'course-payment-received': coursePaymentReceivedMail,
  'course-order-expired': courseOrderExpiredMail,
} satisfies Record<string, (props: never, ctx: RenderContext) => MailContent>;

export type MailTemplateName = keyof typeof mailTemplates;
export type MailProps<N extends MailTemplateName> = Parameters<(typeof mailTemplates)[N]>[0];
