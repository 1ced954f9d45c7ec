/** See cpu-slowdown.mjs. */
export const DEFAULT_SLOWDOWN: number;
export function referenceIndexOf(text: string | undefined): number;
export function cpuSlowdown(indices: Array<number | undefined>, reference: number): { slowdown: number; measured: number };
