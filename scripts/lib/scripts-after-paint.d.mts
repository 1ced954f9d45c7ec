/** See scripts-after-paint.mjs. */
export const AFTER_PAINT_LOADER: string;
export function scriptsAfterPaint(html: string): string;
