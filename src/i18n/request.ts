import { getRequestConfig } from 'next-intl/server';
import { hasLocale } from 'next-intl';
import { routing } from './routing';
import { messages } from './messages';

// The server's own zone, as next-intl takes when none is given, read once: next-intl otherwise
// builds a date formatter to read it on every render of a page made on each visit.
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: messages[locale], timeZone };
});
