import 'server-only';
import type { ReactElement } from 'react';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { MailLayout, MailParagraph, type MailBrand } from './mail-layout';

export interface RenderContext {
  locale: Locale;
  brand: MailBrand;
}

export interface MailContent {
  subject: string;
  element: ReactElement;
}

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
} satisfies Record<string, (props: never, ctx: RenderContext) => MailContent>;

export type MailTemplateName = keyof typeof mailTemplates;
export type MailProps<N extends MailTemplateName> = Parameters<(typeof mailTemplates)[N]>[0];
