import 'server-only';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { MailButton, MailLayout, MailParagraph } from '@/server/mail/mail-layout';
import { defineMail, type MailContent, type RenderContext } from '@/server/mail/mail-types';

// The employer's mails: confirm the address, the review's outcome, and the listing's end near.

const t = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'JobPost.mail' });

interface PostingMail {
  name: string;
  position: string;
  /** The employer's private page (status, edit, close, renew). */
  pageUrl: string;
}

// Sent to an address nobody has confirmed yet: it carries none of the sender's text (a name or a
// job title would let anyone write to anyone through us).
function confirmMail(props: { pageUrl: string }, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  return {
    subject: tr('confirmSubject'),
    element: (
      <MailLayout locale={locale} brand={brand} preview={tr('confirmHeading')} heading={tr('confirmHeading')} footer={tr('confirmIgnore')}>
        <MailParagraph>{tr('confirmBody')}</MailParagraph>
        <MailButton href={props.pageUrl}>{tr('confirmButton')}</MailButton>
        <MailParagraph>{tr('keepLink')}</MailParagraph>
      </MailLayout>
    ),
  };
}

function approvedMail(props: PostingMail & { jobUrl: string; until: string }, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  return {
    subject: tr('approvedSubject', { position: props.position }),
    element: (
      <MailLayout
        locale={locale}
        brand={brand}
        preview={tr('approvedHeading')}
        heading={tr('approvedHeading')}
        footer={tr('footer', { siteName: brand.siteName })}
      >
        <MailParagraph>{tr('hello', { name: props.name })}</MailParagraph>
        <MailParagraph>{tr('approvedBody', { position: props.position, until: props.until })}</MailParagraph>
        <MailButton href={props.jobUrl}>{tr('approvedButton')}</MailButton>
        <MailParagraph>{tr('manageAt', { url: props.pageUrl })}</MailParagraph>
      </MailLayout>
    ),
  };
}

function rejectedMail(props: PostingMail & { reason: string; live: boolean }, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  return {
    subject: tr('rejectedSubject', { position: props.position }),
    element: (
      <MailLayout
        locale={locale}
        brand={brand}
        preview={tr('rejectedHeading')}
        heading={tr('rejectedHeading')}
        footer={tr('footer', { siteName: brand.siteName })}
      >
        <MailParagraph>{tr('hello', { name: props.name })}</MailParagraph>
        <MailParagraph>{tr(props.live ? 'rejectedEditBody' : 'rejectedBody', { position: props.position })}</MailParagraph>
        <MailParagraph>{props.reason}</MailParagraph>
        <MailButton href={props.pageUrl}>{tr('rejectedButton')}</MailButton>
      </MailLayout>
    ),
  };
}

function expiringMail(props: PostingMail & { until: string; renewUrl: string }, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  return {
    subject: tr('expiringSubject', { position: props.position }),
    element: (
      <MailLayout
        locale={locale}
        brand={brand}
        preview={tr('expiringHeading')}
        heading={tr('expiringHeading')}
        footer={tr('footer', { siteName: brand.siteName })}
      >
        <MailParagraph>{tr('hello', { name: props.name })}</MailParagraph>
        <MailParagraph>{tr('expiringBody', { position: props.position, until: props.until })}</MailParagraph>
        <MailButton href={props.renewUrl}>{tr('expiringButton')}</MailButton>
        <MailParagraph>{tr('manageAt', { url: props.pageUrl })}</MailParagraph>
      </MailLayout>
    ),
  };
}

export const postingConfirm = defineMail('job-post-confirm', confirmMail);
export const postingApproved = defineMail('job-post-approved', approvedMail);
export const postingRejected = defineMail('job-post-rejected', rejectedMail);
export const postingExpiring = defineMail('job-post-expiring', expiringMail);
export const postingMails = [postingConfirm, postingApproved, postingRejected, postingExpiring];
