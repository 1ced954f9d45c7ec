import 'server-only';
import { messages } from '@/i18n/messages';
import { officeLocale } from '@/server/office/office-locales';
import { officeT } from '@/server/office/office-t';
import { fieldsInOrder, plainValue, type FieldRow } from './field-rows';

// A sales lead as sales read it (its page, the export, their mail): who, how to reach them, what
// they chose, then what they wrote.

const ORDER = [
  'name',
  'email',
  'phone',
  'company',
  'jobtitle',
  'kind',
  'callAt',
  'need',
  'timeline',
  'budget',
  'courseId',
  'experience',
  'seats',
  'hours',
  'position',
  'info',
  'message',
  'details',
  'comments',
  'motivation',
];

/**
 * A choice a visitor made on a public form, in the words that form offered it, in `locale`
 * (the public messages of the quote's steps and the course registration's experience);
 * undefined for a field that is not a choice, or a value no longer offered.
 */
export function choiceWord(key: string, value: unknown, locale: string): string | undefined {
  const m = messages[officeLocale(locale)];
  const options: Record<string, Record<string, string>> = {
    need: m.Forms.quote.needs,
    timeline: m.Forms.quote.timelines,
    budget: m.Forms.quote.budgets,
    experience: m.Courses.experienceLevels,
  };
  return typeof value === 'string' && Object.hasOwn(options[key] ?? {}, value) ? options[key]![value] : undefined;
}

/** A kind of lead in the office's words (a form's kind too: `callback`, `message`). */
export function kindWord(kind: string, locale: string): string {
  const t = officeT(locale, 'Leads');
  return t.has(`kinds.${kind}` as never) ? t(`kinds.${kind}` as never) : kind;
}

/**
 * A lead's fields in the order above, named and valued in words in `locale`; `readable` gives a
 * value its words where they need more than the form (the call time in Madrid's and the visitor's
 * time, said with the visitor's zone, which is not a field of its own).
 */
export function leadFieldRows(form: Record<string, unknown>, locale: string, readable: Record<string, string> = {}): FieldRow[] {
  const t = officeT(locale, 'Leads');
  return fieldsInOrder(form, ORDER, ['timeZone']).map(([k, v]): FieldRow => {
    const label = t.has(`fieldNames.${k}` as never) ? t(`fieldNames.${k}` as never) : k;
    if (readable[k]) return { label, value: readable[k] };
    if (k === 'kind' && typeof v === 'string') return { label, value: kindWord(v, locale) };
    if (k === 'courseId' && typeof v === 'string') return { label, value: v, href: `/office/courses/${encodeURIComponent(v)}` };
    return { label, value: choiceWord(k, v, locale) ?? plainValue(v) };
  });
}
