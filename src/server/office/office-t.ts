import 'server-only';
import { createTranslator } from 'next-intl';
import { officeLocale, officeMessages, type OfficeMessages } from './office-messages';

/** The office's strings on the server, in the member's language. */
export function officeT<N extends keyof OfficeMessages>(locale: string, namespace: N) {
  const lang = officeLocale(locale);
  return createTranslator({ locale: lang, messages: officeMessages[lang], namespace });
}
