import de from '../../../messages/office/de.json';
import en from '../../../messages/office/en.json';
import es from '../../../messages/office/es.json';
import fr from '../../../messages/office/fr.json';
import it from '../../../messages/office/it.json';

import type { OfficeLocale } from './office-locales';

// The office's strings, apart from the public site's messages, so no public page ever loads them.
export type OfficeMessages = typeof en;

export const officeMessages: Record<OfficeLocale, OfficeMessages> = { en, es, fr, de, it };
