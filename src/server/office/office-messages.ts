import en from '../../../messages/office/en.json';
import es from '../../../messages/office/es.json';

// The office speaks English and Spanish (each member chooses). Its strings live apart from the
// public site's five-language messages, so no public page ever loads them.
export type OfficeLocale = 'en' | 'es';
export type OfficeMessages = typeof en;

export const officeMessages: Record<OfficeLocale, OfficeMessages> = { en, es };

export const officeLocale = (value: unknown): OfficeLocale => (value === 'es' ? 'es' : 'en');
