import type { Locale } from './routing';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import fr from '../../messages/fr.json';
import de from '../../messages/de.json';
import it from '../../messages/it.json';
import { errors } from './error-messages';

export type Messages = typeof en & { Errors: typeof en.Errors & (typeof errors)['en'] };

// Static imports: every bundle (pages, API, worker, scripts) reads the same files.
export const messages: Record<Locale, Messages> = {
  en: { ...en, Errors: { ...en.Errors, ...errors.en } },
  es: { ...es, Errors: { ...es.Errors, ...errors.es } },
  fr: { ...fr, Errors: { ...fr.Errors, ...errors.fr } },
  de: { ...de, Errors: { ...de.Errors, ...errors.de } },
  it: { ...it, Errors: { ...it.Errors, ...errors.it } },
};
