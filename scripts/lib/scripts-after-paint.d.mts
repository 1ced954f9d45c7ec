/** See scripts-after-paint.mjs. */
export const AFTER_PAINT_LOADER: string;
export const AFTER_PAINT_VERSION: string;
export function scriptsAfterPaint(html: string): string;
