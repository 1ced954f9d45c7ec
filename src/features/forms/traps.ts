import { z } from 'zod';

// Kept apart from the form schemas so any feature's form (the course checkout too) can carry the
// traps without importing every lead form.

/**
 * Bot traps: a field people never see (must stay empty), and how long the form was on screen
 * before it was sent, measured by the browser (no clock of the visitor's is compared with ours).
 */
export const SpamTraps = z.strictObject({
  website: z.string().max(500).default(''),
  elapsedMs: z.number().int().nonnegative(),
});
export type SpamTraps = z.infer<typeof SpamTraps>;

/** People take longer than this to fill a form; scripts do not. */
const MIN_FILL_MS = 3000;

/** A form filled by a script: the hidden field has text, or it was sent too soon after it was shown. */
export function looksLikeABot(traps: SpamTraps): boolean {
  return traps.website !== '' || traps.elapsedMs < MIN_FILL_MS;
}
