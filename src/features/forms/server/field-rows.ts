import 'server-only';

// What a form sent, as staff read it on a record's page, in the export and in their mails: each
// field by its name and its value in words, in an order that does not depend on how it was stored
// (jsonb keeps a record's keys in an order of its own), with the office page of a record it names.

/** A field as staff read it: its name, its value in words and, when it names a record, that record's office page. */
export interface FieldRow {
  label: string;
  value: string;
  /** An office path (`/office/…`): the page of the record the value names. */
  href?: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The filled fields, those of `order` first in that order, then the others as stored; `skip` left out. */
export function fieldsInOrder(form: Record<string, unknown>, order: readonly string[], skip: readonly string[] = []): [string, unknown][] {
  const filled = Object.entries(form).filter(([k, v]) => !isEmpty(v) && !skip.includes(k));
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  // Array.prototype.sort is stable: the fields outside `order` keep their stored order.
  return filled.toSorted(([a], [b]) => rank(a) - rank(b));
}

/** A value staff read: text as it is, anything else (a number, a list) as text. */
export const plainValue = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

/** Rows as a mail's fields: label, value and the record's office page at `origin`. */
export function mailFields(rows: FieldRow[], origin: string): [string, string, string?][] {
  return rows.map((r) => (r.href ? [r.label, r.value, `${origin}${r.href}`] : [r.label, r.value]));
}
