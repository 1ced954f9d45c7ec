// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';

// The fields every visitor form shares (contact, job application, course registration), with
// their rules and message keys (Forms.errors): the forms kernel's, so every feature's form takes
// them the same way.

/**
 * What a name, a company or a city never holds, and what would reach a mail, a terminal or the
 * office as something else than text: control characters (an ANSI escape recolours a terminal),
 * bidi embeddings, overrides and isolates (U+202E shows "exe.pdf" as "fdp.exe"), and invisible
 * spaces. ZWJ and ZWNJ stay: Persian, Indic scripts and emoji need them.
 */
const NOT_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
/** In a message: the same control characters, except tab and line breaks. Bidi text is shown isolated. */
const NOT_IN_A_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A single line of text: no control, bidi-override or invisible characters. */
export const singleLine = <T extends z.ZodType<string>>(schema: T) => schema.refine((v) => !NOT_IN_A_LINE.test(v), 'invalidCharacters');

export const name = singleLine(z.string().trim().min(1, 'nameRequired').min(3, 'nameMin').max(120, 'tooLong'));
// Trimmed first: phones add a space after an autocompleted address.
export const email = z.string().trim().min(1, 'required').pipe(z.email('emailFormat').max(254, 'tooLong'));
/** At least 7 digits, spaces or hyphens, with an optional extension ("ext 12", "x12"). */
const PHONE_PATTERN = /^\+?[\d\s-]{7,20}(\s*(ext\.?|x)\s*\d{1,6})?$/i;
export const phone = z.string().trim().regex(PHONE_PATTERN, 'phoneFormat');
/** A required single line (a company, a job title, a city) of at most `max` characters. */
export const requiredLine = (max: number) => singleLine(z.string().trim().min(1, 'required').max(max, 'tooLong'));
/** An optional single line; empty when not given. */
export const optionalLine = (max: number) => singleLine(z.string().trim().max(max, 'tooLong')).default('');
/** Required free text (a message) of at most `max` characters; line breaks allowed. */
export const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'required')
    .max(max, 'tooLong')
    .refine((v) => !NOT_IN_A_TEXT.test(v), 'invalidCharacters');
/** Optional free text; empty when not given. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'tooLong')
    .refine((v) => !NOT_IN_A_TEXT.test(v), 'invalidCharacters')
    .default('');
