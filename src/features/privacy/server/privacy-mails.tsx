import 'server-only';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import type { PersonErasure } from '@/server/features';
import { MailButton, MailLayout, MailParagraph } from '@/server/mail/mail-layout';
import { defineMail, type MailContent, type RenderContext } from '@/server/mail/mail-types';
import type { PrivacyRequestKind } from '../kinds';

const t = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'Privacy.mail' });
const names = (locale: Locale) => createTranslator({ locale, messages: messages[locale], namespace: 'Privacy' });

/** A record kind in words; a kind this version has no words for (a newer feature's) is shown as it is named. */
function kindName(locale: Locale, kind: string, count: number): string {
  const tr = names(locale);
  return tr.has(`kinds.${kind}` as 'kinds.leads') ? tr(`kinds.${kind}` as 'kinds.leads', { count }) : `${kind} (${count})`;
}

function removedName(locale: Locale, field: string): string {
  const tr = names(locale);
  return tr.has(`removed.${field}` as 'removed.email') ? tr(`removed.${field}` as 'removed.email') : field;
}

export interface PrivacyConfirmProps {
  kind: PrivacyRequestKind;
  url: string;
  days: number;
}

/** The link that makes the request count: only the owner of the address can press it. */
function privacyConfirmMail(props: PrivacyConfirmProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr(`confirmHeading.${props.kind}`);
  return {
    subject: tr(`confirmSubject.${props.kind}`),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('confirmIgnore')}>
        <MailParagraph>{tr(`confirmBody.${props.kind}`, { days: props.days })}</MailParagraph>
        <MailButton href={props.url}>{tr('confirmButton')}</MailButton>
      </MailLayout>
    ),
  };
}

export interface PrivacyCopyReadyProps {
  url: string;
  /** ISO time after which the link opens nothing and the file is deleted. */
  expiresAt: string;
}

function privacyCopyReadyMail(props: PrivacyCopyReadyProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('copyHeading');
  const until = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(props.expiresAt));
  return {
    subject: tr('copySubject'),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('copyFooter')}>
        <MailParagraph>{tr('copyBody', { until })}</MailParagraph>
        <MailButton href={props.url}>{tr('copyButton')}</MailButton>
      </MailLayout>
    ),
  };
}

export interface PrivacyErasedProps {
  deleted: [string, number][];
  kept: PersonErasure['kept'];
}

/** What was deleted and what the law makes us keep, and why, in the person's language. */
function privacyErasedMail(props: PrivacyErasedProps, { locale, brand }: RenderContext): MailContent {
  const tr = t(locale);
  const heading = tr('erasedHeading');
  return {
    subject: tr('erasedSubject'),
    element: (
      <MailLayout locale={locale} brand={brand} preview={heading} heading={heading} footer={tr('erasedFooter')}>
        <MailParagraph>{props.deleted.length ? tr('erasedDeleted') : tr('erasedNothing')}</MailParagraph>
        {props.deleted.map(([kind, count]) => (
          <MailParagraph key={kind}>• {kindName(locale, kind, count)}</MailParagraph>
        ))}
        {props.kept.length ? <MailParagraph>{tr('erasedKept')}</MailParagraph> : null}
        {props.kept.map((k) => {
          const values = {
            what: kindName(locale, k.kind, k.count),
            ground: names(locale).has(`grounds.${k.ground}` as 'grounds.accounting')
              ? names(locale)(`grounds.${k.ground}` as 'grounds.accounting')
              : k.ground,
            years: k.years,
          };
          return (
            <MailParagraph key={`${k.kind}-${k.ground}`}>
              •{' '}
              {k.removed.length
                ? tr('keptLine', { ...values, removed: k.removed.map((f) => removedName(locale, f)).join(', ') })
                : tr('keptLineWhole', values)}
            </MailParagraph>
          );
        })}
      </MailLayout>
    ),
  };
}

export const privacyConfirm = defineMail('privacy-confirm', privacyConfirmMail);
export const privacyCopyReady = defineMail('privacy-copy-ready', privacyCopyReadyMail);
export const privacyErased = defineMail('privacy-erased', privacyErasedMail);
