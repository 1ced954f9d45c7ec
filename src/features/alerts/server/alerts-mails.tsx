import 'server-only';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { MailButton, MailLayout, MailParagraph } from '@/server/mail/mail-layout';
import { defineMail, type MailContent, type RenderContext } from '@/server/mail/mail-types';
import type { Frequency } from '../schema';

const t = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'Alerts' });

export interface AlertConfirmProps {
  search: string;
  frequency: Frequency;
  confirmUrl: string;
}

function alertConfirmMail(props: AlertConfirmProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('confirmHeading');
  return {
    subject: tr('confirmSubject'),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('confirmIgnore')}>
        <MailParagraph>{tr('confirmBody', { search: props.search, frequency: tr(`frequencyInText.${props.frequency}`) })}</MailParagraph>
        <MailButton href={props.confirmUrl}>{tr('confirmButton')}</MailButton>
      </MailLayout>
    ),
  };
}

export interface AlertDigestProps {
  search: string;
  frequency: Frequency;
  jobs: { title: string; details: string; url: string }[];
  searchUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
}

function alertDigestMail(props: AlertDigestProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('digestHeading');
  return {
    subject: tr('digestSubject', { count: props.jobs.length, search: props.search }),
    element: (
      <MailLayout
        locale={locale}
        brand={brand}
        preview={props.search}
        heading={heading}
        footer={tr('digestFooter', { frequency: tr(`frequencyInText.${props.frequency}`), siteName: brand.siteName })}
      >
        <MailParagraph>{props.search}</MailParagraph>
        <MailParagraph>{tr('digestIntro')}</MailParagraph>
        {props.jobs.map((job) => (
          <Section key={job.url} style={{ borderTop: '1px solid #e5e7eb', padding: '10px 0' }}>
            <Link href={job.url} style={{ color: '#1d4ed8', fontSize: 16, fontWeight: 600 }}>
              {job.title}
            </Link>
            <Text style={{ color: '#4b5563', fontSize: 14, margin: '4px 0 0' }}>{job.details}</Text>
          </Section>
        ))}
        <MailButton href={props.searchUrl}>{tr('digestAll')}</MailButton>
        <Text style={{ fontSize: 13, color: '#4b5563' }}>
          <Link href={props.manageUrl} style={{ color: '#1d4ed8' }}>
            {tr('manage')}
          </Link>
          {' · '}
          <Link href={props.unsubscribeUrl} style={{ color: '#1d4ed8' }}>
            {tr('unsubscribe')}
          </Link>
        </Text>
      </MailLayout>
    ),
  };
}

export const alertConfirm = defineMail('alert-confirm', alertConfirmMail);
export const alertDigest = defineMail('alert-digest', alertDigestMail, { bulk: true });
