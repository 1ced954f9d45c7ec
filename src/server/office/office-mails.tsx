import 'server-only';
import { createTranslator } from 'next-intl';
import { MailButton, MailLayout, MailParagraph } from '../mail/mail-layout';
import { defineMail } from '../mail/mail-types';
import { officeLocale } from './office-locales';
import { officeMessages } from './office-messages';
import type { OfficeRole } from './staff-tables';

/** To an invited member: the one-use link to their account. */
export const staffInvitationMail = defineMail<{ link: string; role: OfficeRole; hours: number }>(
  'staff-invitation',
  ({ link, role, hours }, { locale, brand }) => {
    const lang = officeLocale(locale);
    const t = createTranslator({ locale: lang, messages: officeMessages[lang] });
    const heading = t('Mail.invitationHeading');
    return {
      subject: t('Mail.invitationSubject', { siteName: brand.siteName }),
      element: (
        <MailLayout
          locale={locale}
          brand={brand}
          preview={heading}
          heading={heading}
          footer={t('Mail.footer', { siteName: brand.siteName })}
        >
          <MailParagraph>{t('Mail.invitationBody', { siteName: brand.siteName, role: t(`Roles.${role}`), hours })}</MailParagraph>
          <MailButton href={link}>{t('Mail.invitationButton')}</MailButton>
          <MailParagraph>{t('Mail.invitationIgnore')}</MailParagraph>
        </MailLayout>
      ),
    };
  },
);

/** After an admin reset a member's authenticator: the link that, with the password, sets up a new one. */
export const staffReenrolMail = defineMail<{ link: string; hours: number }>('staff-reenrol', ({ link, hours }, { locale, brand }) => {
  const lang = officeLocale(locale);
  const t = createTranslator({ locale: lang, messages: officeMessages[lang] });
  const heading = t('Mail.reenrolHeading');
  return {
    subject: t('Mail.reenrolSubject', { siteName: brand.siteName }),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={t('Mail.footer', { siteName: brand.siteName })}>
        <MailParagraph>{t('Mail.reenrolBody', { siteName: brand.siteName, hours })}</MailParagraph>
        <MailButton href={link}>{t('Mail.reenrolButton')}</MailButton>
        <MailParagraph>{t('Mail.reenrolIgnore')}</MailParagraph>
      </MailLayout>
    ),
  };
});

export const officeMails = [staffInvitationMail, staffReenrolMail];
