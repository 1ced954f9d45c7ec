/** See compile-hints.mjs. */
export const COMPILE_HINT: string;
/** Marks the `.js` files under `<distDir>/static/chunks` for eager compilation; resolves how many it marked. */
export function markChunksForEagerCompile(distDir: string): Promise<number>;
