import type { Locale } from './routing';
import en from '../../messages/errors/en.json';
import es from '../../messages/errors/es.json';
import fr from '../../messages/errors/fr.json';
import de from '../../messages/errors/de.json';
import it from '../../messages/errors/it.json';

/**
 * The three messages of the error page of last resort, in files of their own: that page is a
 * client component on every page and imports them in all five languages, and a JSON import is
 * never tree-shaken. Importing them from the whole message files put every message of every
 * language in the JavaScript of every page; keeping the rest of the `Errors` namespace here put
 * nine messages nobody reads there in five languages. `src/i18n/messages.ts` merges them into
 * `Errors`.
 */
export const errors: Record<Locale, typeof en> = { en, es, fr, de, it };
