import type { Locale } from './routing';
import en from '../../messages/errors/en.json';
import es from '../../messages/errors/es.json';
import fr from '../../messages/errors/fr.json';
import de from '../../messages/errors/de.json';
import it from '../../messages/errors/it.json';

/**
 * The `Errors` namespace has files of its own because the error page of last resort (a client
 * component on every page) imports it in all five languages: a JSON import is never tree-shaken,
 * so importing it from the whole message files put every message of every language in the
 * JavaScript of every page.
 */
export const errors: Record<Locale, typeof en> = { en, es, fr, de, it };
