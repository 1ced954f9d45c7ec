import { z } from 'zod';
import { MIN_FILL_MS } from './fill-time';

// Kept apart from the form schemas so any feature's form (the course checkout too) can carry the
// traps without importing every lead form.

/**
 * Bot traps: a field people never see (must stay empty), and how long the form was on screen
 * before it was sent, measured by the browser (no clock of the visitor's is compared with ours);
 * `confirmed` when the visitor, asked by the page because the form was sent that fast, said send.
 */
export const SpamTraps = z.strictObject({
  website: z.string().max(500).default(''),
  elapsedMs: z.number().int().nonnegative(),
  confirmed: z.boolean().optional(),
});
export type SpamTraps = z.infer<typeof SpamTraps>;

/** Why a submission is suspected of spam, as stored with it (docs/decisions/030). */
export type SpamReason = 'too_fast';

/**
 * What the traps say: `honeypot` when the hidden field has text (only a script fills it: the form
 * is dropped), `too_fast` when it was sent sooner than people usually manage and nobody confirmed
 * it (a script, or a post to the API without the page: the form is kept, marked as suspected
 * spam), null otherwise.
 */
export function checkTraps(traps: SpamTraps): 'honeypot' | SpamReason | null {
  if (traps.website !== '') return 'honeypot';
  return traps.elapsedMs < MIN_FILL_MS && !traps.confirmed ? 'too_fast' : null;
}
