import type { Locale } from './routing';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import fr from '../../messages/fr.json';
import de from '../../messages/de.json';
import it from '../../messages/it.json';

export type Messages = typeof en;

// Static imports: every bundle (pages, API, worker, scripts) reads the same files.
export const messages: Record<Locale, Messages> = { en, es, fr, de, it };
