// The office speaks the site's five languages (each member chooses theirs). No messages here: client
// code reads these without loading every language's strings.
export const OFFICE_LOCALES = ['en', 'es', 'fr', 'de', 'it'] as const;
export type OfficeLocale = (typeof OFFICE_LOCALES)[number];

export const officeLocale = (value: unknown): OfficeLocale =>
  OFFICE_LOCALES.includes(value as OfficeLocale) ? (value as OfficeLocale) : 'en';

/** Each language in its own words, for the office's language choices. */
export const OFFICE_LANGUAGE_NAMES: Record<OfficeLocale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
};

/** The Intl locale of the office's dates and numbers in a member's language (British English for English). */
export const officeIntlLocale = (locale: string): string =>
  ({ en: 'en-GB', es: 'es-ES', fr: 'fr-FR', de: 'de-DE', it: 'it-IT' })[officeLocale(locale)];
