import type { Messages } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { messages } from '@/i18n/messages';

/** The page strings of the courses (the mails' and invoices' stay on the server). */
export type CourseLabels = Omit<Messages['Courses'], 'mail' | 'invoice'>;

export function courseLabels(locale: Locale): CourseLabels {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { mail, invoice, ...labels } = messages[locale].Courses;
  return labels;
}

/** `{name}` placeholders filled in (client components get plain strings, decision 008). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
