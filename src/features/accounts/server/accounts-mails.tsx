import 'server-only';
import { Text } from '@react-email/text';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { MailButton, MailLayout, MailParagraph } from '@/server/mail/mail-layout';
import { defineMail, type MailContent, type RenderContext } from '@/server/mail/mail-types';
import { openCode } from './sealed-code';

const t = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'SignUp.mail' });

export interface SignUpCodeProps {
  name: string;
  /** The code, sealed (sealed-code.ts): the queue never holds it readable. */
  sealedCode: string;
  /** The confirmation page of this sign-up; the code is added when the mail is rendered. */
  verifyUrl: string;
  minutes: number;
}

/** The code to type on the sign-up page, and a link that confirms without typing it. */
function signUpCodeMail(props: SignUpCodeProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const code = openCode(props.sealedCode);
  const link = new URL(props.verifyUrl);
  link.searchParams.set('code', code);
  const heading = props.name ? tr('codeHeadingName', { name: props.name }) : tr('codeHeading');
  return {
    subject: tr('codeSubject', { code, siteName: brand.siteName }),
    element: (
      <MailLayout
        locale={locale}
        brand={brand}
        preview={tr('codeBody', { minutes: props.minutes })}
        heading={heading}
        footer={tr('codeIgnore')}
      >
        <MailParagraph>{tr('codeBody', { minutes: props.minutes })}</MailParagraph>
        <Text
          style={{
            color: '#111827',
            fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
            fontSize: 32,
            fontWeight: 700,
            letterSpacing: 8,
            margin: '16px 0',
          }}
        >
          {code}
        </Text>
        <MailParagraph>{tr('codeLinkIntro')}</MailParagraph>
        <MailButton href={link.toString()}>{tr('codeButton')}</MailButton>
      </MailLayout>
    ),
  };
}

export interface AccountExistsProps {
  name: string;
  loginUrl: string;
}

/** To the owner of an address that already has an account, instead of a code. */
function accountExistsMail(props: AccountExistsProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('existsHeading');
  return {
    subject: tr('existsSubject', { siteName: brand.siteName }),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('existsIgnore')}>
        <MailParagraph>{tr('existsBody')}</MailParagraph>
        <MailButton href={props.loginUrl}>{tr('existsButton')}</MailButton>
      </MailLayout>
    ),
  };
}

export const signUpCode = defineMail('signup-code', signUpCodeMail);
export const accountExists = defineMail('account-exists', accountExistsMail);
