// First: zod must be told before any schema is built (see the module).
import '@/lib/zod-csp';
import { z } from 'zod';

// The fields every visitor form shares (contact, job application, course registration), with
// their rules and message keys (Forms.errors): the forms kernel's, so every feature's form takes
// them the same way.

export const name = z.string().trim().min(1, 'nameRequired').min(3, 'nameMin').max(120, 'tooLong');
// Trimmed first: phones add a space after an autocompleted address.
export const email = z.string().trim().pipe(z.email('emailFormat').max(254, 'tooLong'));
/** At least 7 digits, spaces or hyphens, with an optional extension ("ext 12", "x12"). */
const PHONE_PATTERN = /^\+?[\d\s-]{7,20}(\s*(ext\.?|x)\s*\d{1,6})?$/i;
export const phone = z.string().trim().regex(PHONE_PATTERN, 'phoneFormat');
/** Required text of at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max, 'tooLong');
