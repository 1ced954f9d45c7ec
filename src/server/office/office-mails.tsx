import 'server-only';
import { createTranslator } from 'next-intl';
import { MailButton, MailLayout, MailParagraph } from '../mail/mail-layout';
import { defineMail } from '../mail/mail-types';
import { officeLocale } from './office-locales';
import { officeMessages } from './office-messages';
import type { OfficeRole } from './staff-tables';

type OfficeMailT = ReturnType<typeof createTranslator<(typeof officeMessages)['en']>>;
/** The mails below, by the prefix of their keys in `Mail` (`invitationSubject`, `invitationHeading`…). */
type LinkMailKey = 'invitation' | 'reenrol' | 'passwordReset';

/**
 * An office mail to a member: a heading, a paragraph, the button of its one link and a line for
 * whoever did not expect it, each from `Mail.<key>…` in the member's language.
 */
function officeLinkMail<P extends { link: string }>(
  name: string,
  key: LinkMailKey,
  bodyValues: (props: P, t: OfficeMailT) => Record<string, string | number>,
) {
  return defineMail<P>(name, (props, { locale, brand }) => {
    const lang = officeLocale(locale);
    const t = createTranslator({ locale: lang, messages: officeMessages[lang] });
    const text = (part: 'Subject' | 'Heading' | 'Body' | 'Button' | 'Ignore', values?: Record<string, string | number>) =>
      t(`Mail.${key}${part}`, { siteName: brand.siteName, ...values });
    const heading = text('Heading');
    return {
      subject: text('Subject'),
      element: (
        <MailLayout
          locale={locale}
          brand={brand}
          preview={heading}
          heading={heading}
          footer={t('Mail.footer', { siteName: brand.siteName })}
        >
          <MailParagraph>{text('Body', bodyValues(props, t))}</MailParagraph>
          <MailButton href={props.link}>{text('Button')}</MailButton>
          <MailParagraph>{text('Ignore')}</MailParagraph>
        </MailLayout>
      ),
    };
  });
}

/** To an invited member: the one-use link to their account. */
export const staffInvitationMail = officeLinkMail<{ link: string; role: OfficeRole; hours: number }>(
  'staff-invitation',
  'invitation',
  ({ role, hours }, t) => ({ role: t(`Roles.${role}`), hours }),
);

/** After an admin reset a member's authenticator: the link that, with the password, sets up a new one. */
export const staffReenrolMail = officeLinkMail<{ link: string; hours: number }>('staff-reenrol', 'reenrol', ({ hours }) => ({ hours }));

/** After "Forgot your password?": the one-use link that sets a new password (the sign-in still asks for the second factor). */
export const staffPasswordResetMail = officeLinkMail<{ link: string; minutes: number }>(
  'staff-password-reset',
  'passwordReset',
  ({ minutes }) => ({
    minutes,
  }),
);

export const officeMails = [staffInvitationMail, staffReenrolMail, staffPasswordResetMail];
