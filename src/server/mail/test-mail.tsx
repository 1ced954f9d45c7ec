import 'server-only';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import { MailLayout, MailParagraph } from './mail-layout';
import { defineMail } from './mail-types';

/** Sent by `npm run mail:test` so an operator can check the mail setup end to end. */
export const testMail = defineMail<Record<string, never>>('test', (_props, { locale, brand }) => {
  const t = createTranslator({ locale, messages: messages[locale], namespace: 'Mail' });
  const heading = t('testHeading');
  return {
    subject: t('testSubject', { siteName: brand.siteName }),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={t('footer', { siteName: brand.siteName })}>
        <MailParagraph>{t('testBody', { siteName: brand.siteName })}</MailParagraph>
      </MailLayout>
    ),
  };
});
