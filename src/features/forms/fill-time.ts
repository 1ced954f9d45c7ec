/**
 * Most people take longer than this to fill a form; scripts do not, and neither does a password
 * manager or the browser's autofill. A form sent sooner is kept as suspected spam unless the
 * visitor confirmed it (docs/decisions/030). Apart from the traps' schema, so a page's form knows
 * it without loading zod.
 */
export const MIN_FILL_MS = 3000;
