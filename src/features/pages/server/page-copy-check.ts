import 'server-only';
import type { z } from 'zod';
import { AppError, type FieldError } from '@/server/errors';
import type { Locale } from '@/i18n/routing';
import { contentValues, pageContent } from '../content';
import { isCaseStudyKey, schemaOf, type CopyKey, type CopyOf } from '../copy-keys';

// What a save of page copy is checked against, and what the history says changed.

/**
 * Checks a copy against its schema and the placeholders it may use (a page's legal texts name
 * the configuration; a case study names nothing); the errors name each field.
 */
export function checkCopy<K extends CopyKey>(key: K, locale: Locale, content: unknown): CopyOf<K> {
  const parsed = schemaOf(key).safeParse(content);
  if (!parsed.success) throw new AppError('validation', 'The copy has invalid fields.', { errors: copyErrors(parsed.error) });
  // The configured values, and what a field's own text names in the release ({name} of an advisor's button).
  const caseStudy = isCaseStudyKey(key);
  const known = new Set(caseStudy ? [] : Object.keys(contentValues(locale)));
  const own = new Map<string, Set<string>>();
  walkTexts(caseStudy ? {} : pageContent(key, 'en'), '', (path, text) => {
    const names = own.get(anyItem(path)) ?? new Set();
    for (const [, name] of text.matchAll(PLACEHOLDER)) names.add(name!);
    own.set(anyItem(path), names);
  });
  const errors: FieldError[] = [];
  walkTexts(parsed.data, '', (path, text) => {
    for (const [, name] of text.matchAll(PLACEHOLDER))
      if (!known.has(name!) && !own.get(anyItem(path))?.has(name!)) errors.push({ path, message: 'placeholder' });
  });
  if (errors.length) throw new AppError('validation', 'The copy has invalid fields.', { errors });
  return parsed.data as CopyOf<K>;
}

/**
 * The schema's refusals as field errors whose message is a key of the office's Validation strings
 * (the member reads them in their language); a field the schema does not have is named by its key.
 */
function copyErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((i): FieldError[] => {
    const path = i.path.map(String).join('.');
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => ({ path: path ? `${path}.${k}` : k, message: 'unknownField' }));
    if ((i.code === 'too_small' || i.code === 'too_big') && i.origin === 'array') return [{ path, message: 'itemCount' }];
    if (i.code === 'invalid_value') return [{ path, message: 'choice' }];
    if (i.code === 'invalid_format') return [{ path, message: 'format' }];
    return [{ path, message: 'required' }];
  });
}

const PLACEHOLDER = /\{(\w+)\}/g;
/** A field's path for every item of its lists: `sections.*.heading`. */
const anyItem = (path: string) => path.replace(/(^|\.)\d+(?=\.|$)/g, '$1*');

function walkTexts(value: unknown, path: string, visit: (path: string, text: string) => void) {
  if (typeof value === 'string') visit(path, value);
  else if (Array.isArray(value)) value.forEach((v, i) => walkTexts(v, path ? `${path}.${i}` : String(i), visit));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walkTexts(v, path ? `${path}.${k}` : k, visit);
}

/** The texts of a copy by their dotted path: what the history compares. */
function flatten(value: unknown): Map<string, string> {
  const out = new Map<string, string>();
  walkTexts(value, '', (path, text) => out.set(path, text));
  return out;
}

/** The fields that differ between two copies (changed, added or removed), in the newer one's order. */
export function changedFields(before: unknown, after: unknown): string[] {
  const a = flatten(before);
  const b = flatten(after);
  const changed = [...b].filter(([k, v]) => a.get(k) !== v).map(([k]) => k);
  return [...changed, ...[...a.keys()].filter((k) => !b.has(k))];
}
