// Lighthouse slows the page's CPU by 4 whatever the machine, so a faster machine scores higher.
// With a reference benchmarkIndex, `npm run audit` scales the factor by this machine's index
// (4 × measured / reference), as Lighthouse's throttling guide advises, so that its figures are
// those of a machine of that index.
export const DEFAULT_SLOWDOWN = 4;

/** The reference index from AUDIT_REFERENCE_INDEX: 0 (none) when unset; an error when not an index. */
export function referenceIndexOf(text) {
  const index = Number(text || 0);
  if (!(Number.isFinite(index) && index >= 0)) throw new Error(`AUDIT_REFERENCE_INDEX is a benchmarkIndex (1900, say), not "${text}"`);
  return index;
}

/**
 * The slowdown to audit with, from the indices Lighthouse measured before the audit (their median;
 * a run that measured none is left out), and the index it was derived from.
 */
export function cpuSlowdown(indices, reference) {
  if (!reference) return { slowdown: DEFAULT_SLOWDOWN, measured: 0 };
  const valid = indices.filter((n) => typeof n === 'number' && n > 0).sort((a, b) => a - b);
  if (valid.length === 0) throw new Error('Lighthouse measured no benchmarkIndex: AUDIT_REFERENCE_INDEX cannot be applied');
  const measured = valid[Math.floor(valid.length / 2)];
  return { slowdown: Number(((DEFAULT_SLOWDOWN * measured) / reference).toFixed(2)), measured };
}
