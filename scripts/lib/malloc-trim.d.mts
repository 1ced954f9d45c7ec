export const MALLOC_TRIM_ADDON: string;
export function buildMallocTrim(distDir: string): boolean;
export function trimMallocRegularly(distDir: string): boolean;
