import 'server-only';
import { createTranslator } from 'next-intl';
import { messages } from '@/i18n/messages';
import { officeLocale } from './office-locales';
import { officeMessages, type OfficeMessages } from './office-messages';

/** The office's strings on the server, in the member's language. */
export function officeT<N extends keyof OfficeMessages>(locale: string, namespace: N) {
  const lang = officeLocale(locale);
  return createTranslator({ locale: lang, messages: officeMessages[lang], namespace });
}

/**
 * The job board's own words (its boards, filters and their values) as visitors read them in the
 * member's language, for the office's job list: the public messages, read on the server only.
 */
export function boardT(locale: string) {
  const lang = officeLocale(locale);
  return createTranslator({ locale: lang, messages: messages[lang], namespace: 'Jobs' });
}
